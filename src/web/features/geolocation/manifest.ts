import { MapPin } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Geolocation: its icon, and its panel, input rule, result schema and view in ./geolocation-tool.tsx, loaded on first show. */
export const manifest: ToolManifest = {
  icon: MapPin,
  load: () => import('./geolocation-tool.tsx'),
}
