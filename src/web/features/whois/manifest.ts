import { FileSearch } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Whois: its icon, and its panel, input rule, result schema and view in ./whois-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: FileSearch,
  load: () => import('./whois-tool.tsx'),
}
