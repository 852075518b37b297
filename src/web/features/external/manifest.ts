import {
  Bot,
  Compass,
  Gauge,
  LayoutDashboard,
  type LucideIcon,
  Newspaper,
  SearchCode,
  Server,
  SquareTerminal,
} from 'lucide-react'
import type { CatalogueId } from '../../../shared/catalogue.ts'
import type { EntryManifest } from '../../lib/tool-parts.tsx'

/** The entries served by another site, embedded in a frame or opened in a new tab. */
const externalIds = [
  'cf-speedtest',
  'control-panel',
  'diggui',
  'centralops',
  'ifconfig',
  'grok',
  'advanced-whois',
  'tech-room',
] as const satisfies readonly CatalogueId[]
export type ExternalId = (typeof externalIds)[number]

const load = () => import('./external-panel.tsx').then((m) => ({ Panel: m.ExternalPanel }))
const external = (icon: LucideIcon): EntryManifest => ({ icon, load })

/** One panel for all of them; each its own icon. */
export const externalManifests: Record<ExternalId, EntryManifest> = {
  'cf-speedtest': external(Gauge),
  'control-panel': external(LayoutDashboard),
  diggui: external(SquareTerminal),
  centralops: external(Compass),
  ifconfig: external(Server),
  grok: external(Bot),
  'advanced-whois': external(SearchCode),
  'tech-room': external(Newspaper),
}
