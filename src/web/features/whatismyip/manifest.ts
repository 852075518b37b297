import { Wifi } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** What is my IP: its icon, and its panel, input rule, result schema and view in ./whatismyip-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Wifi,
  load: () => import('./whatismyip-tool.tsx'),
}
