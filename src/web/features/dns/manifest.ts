import { Globe } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** DNS lookup: its icon, and its panel, input rule, result schema and view in ./dns-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Globe,
  load: () => import('./dns-tool.tsx'),
}
