import { Cloud } from 'lucide-react'
import type { EntryManifest } from '../../lib/tool-parts.tsx'

/** The registrar page: its icon, and its panel loaded on first show. */
export const registrarManifest: EntryManifest = {
  icon: Cloud,
  load: () => import('./registrar-panel.tsx').then((m) => ({ Panel: m.RegistrarPanel })),
}
