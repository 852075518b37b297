import { Waypoints } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Traceroute: its icon, and its panel, input rule, result schema and view in ./traceroute-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Waypoints,
  load: () => import('./traceroute-tool.tsx'),
}
