import { ShieldBan } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** IP blacklist: its icon, and its panel, input rule, result schema and view in ./blacklist-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: ShieldBan,
  load: () => import('./blacklist-tool.tsx'),
}
