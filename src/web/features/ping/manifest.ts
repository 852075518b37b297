import { Activity } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Ping: its icon, and its panel, input rule, result schema and view in ./ping-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Activity,
  load: () => import('./ping-tool.tsx'),
}
