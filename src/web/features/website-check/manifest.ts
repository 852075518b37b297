import { MonitorCheck } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Website check: its icon, and its panel, input rule, result schema and view in ./website-check-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: MonitorCheck,
  load: () => import('./website-check-tool.tsx'),
}
