import { ArrowLeftRight } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Reverse DNS: its icon, and its panel, input rule, result schema and view in ./rdns-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: ArrowLeftRight,
  load: () => import('./rdns-tool.tsx'),
}
