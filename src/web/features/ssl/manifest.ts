import { ShieldCheck } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** SSL/TLS check: its icon, and its panel, input rule, result schema and view in ./ssl-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: ShieldCheck,
  load: () => import('./ssl-tool.tsx'),
}
