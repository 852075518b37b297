import { Network } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** ASN check: its icon, and its panel, input rule, result schema and view in ./asn-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: Network,
  load: () => import('./asn-tool.tsx'),
}
