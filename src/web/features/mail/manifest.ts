import { Mail } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Mail test: its icon, and its panel, input rule, result schema and view in ./mail-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Mail,
  load: () => import('./mail-tool.tsx'),
}
