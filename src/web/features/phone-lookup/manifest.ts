import { Phone } from 'lucide-react'
import type { EntryManifest } from '../../lib/tool-parts.tsx'

/** Reverse phone lookup: its icon, and its panel loaded on first show. */
export const phoneLookupManifest: EntryManifest = {
  icon: Phone,
  load: () => import('./phone-lookup-panel.tsx').then((m) => ({ Panel: m.PhoneLookupPanel })),
}
