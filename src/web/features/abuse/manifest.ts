import { ShieldExclamationPoint } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** IP abuse check: its icon, and its panel, input rule, result schema and view in ./abuse-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: ShieldExclamationPoint,
  load: () => import('./abuse-tool.tsx'),
}
