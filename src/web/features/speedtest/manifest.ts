import { Radar } from 'lucide-react'
import type { EntryManifest } from '../../lib/tool-parts.tsx'

/** The speed test: its icon, and its panel loaded on first show. */
export const speedtestManifest: EntryManifest = {
  icon: Radar,
  load: () => import('./speedtest-panel.tsx').then((m) => ({ Panel: m.SpeedtestPanel })),
}
