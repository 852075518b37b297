// Which panel shows each catalogue entry; every panel is its own chunk.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { CatalogueEntry, CatalogueKind } from '../../shared/catalogue.ts'
import type { PanelProps } from '../lib/panel-props.ts'

type LazyPanel = LazyExoticComponent<ComponentType<PanelProps>>

const ToolPanel = lazy(() => import('../features/tool-panel/tool-panel.tsx').then((m) => ({ default: m.ToolPanel })))
const DnsPanel = lazy(() => import('../features/dns/dns-panel.tsx').then((m) => ({ default: m.DnsPanel })))
const ExternalPanel = lazy(() =>
  import('../features/external/external-panel.tsx').then((m) => ({ default: m.ExternalPanel })),
)
const RegistrarPanel = lazy(() =>
  import('../features/registrar/registrar-panel.tsx').then((m) => ({ default: m.RegistrarPanel })),
)

const WhoisPanel = lazy(() => import('../features/whois/whois-panel.tsx').then((m) => ({ default: m.WhoisPanel })))
const AsnPanel = lazy(() => import('../features/asn/asn-panel.tsx').then((m) => ({ default: m.AsnPanel })))
const GeolocationPanel = lazy(() =>
  import('../features/geolocation/geolocation-panel.tsx').then((m) => ({ default: m.GeolocationPanel })),
)
const WhatismyipPanel = lazy(() =>
  import('../features/whatismyip/whatismyip-panel.tsx').then((m) => ({ default: m.WhatismyipPanel })),
)

const SslPanel = lazy(() => import('../features/ssl/ssl-panel.tsx').then((m) => ({ default: m.SslPanel })))
const WebsiteCheckPanel = lazy(() =>
  import('../features/website-check/website-check-panel.tsx').then((m) => ({ default: m.WebsiteCheckPanel })),
)

const PingPanel = lazy(() => import('../features/ping/ping-panel.tsx').then((m) => ({ default: m.PingPanel })))
const TraceroutePanel = lazy(() =>
  import('../features/traceroute/traceroute-panel.tsx').then((m) => ({ default: m.TraceroutePanel })),
)

const MailPanel = lazy(() => import('../features/mail/mail-panel.tsx').then((m) => ({ default: m.MailPanel })))
const RdnsPanel = lazy(() => import('../features/rdns/rdns-panel.tsx').then((m) => ({ default: m.RdnsPanel })))
const BlacklistPanel = lazy(() =>
  import('../features/blacklist/blacklist-panel.tsx').then((m) => ({ default: m.BlacklistPanel })),
)
const AbusePanel = lazy(() => import('../features/abuse/abuse-panel.tsx').then((m) => ({ default: m.AbusePanel })))
const SpeedtestPanel = lazy(() =>
  import('../features/speedtest/speedtest-panel.tsx').then((m) => ({ default: m.SpeedtestPanel })),
)
const PhoneLookupPanel = lazy(() =>
  import('../features/phone-lookup/phone-lookup-panel.tsx').then((m) => ({ default: m.PhoneLookupPanel })),
)

/** Tools whose panel goes beyond the generic one. */
const toolPanels: Record<string, LazyPanel> = {
  ping: PingPanel,
  traceroute: TraceroutePanel,
  ssl: SslPanel,
  'website-check': WebsiteCheckPanel,
  whois: WhoisPanel,
  asn: AsnPanel,
  geolocation: GeolocationPanel,
  whatismyip: WhatismyipPanel,
  dns: DnsPanel,
  mail: MailPanel,
  rdns: RdnsPanel,
  blacklist: BlacklistPanel,
  abuse: AbusePanel,
  speedtest: SpeedtestPanel,
  'phone-lookup': PhoneLookupPanel,
}

const kindPanels: Record<CatalogueKind, LazyPanel> = {
  tool: ToolPanel,
  registrar: RegistrarPanel,
  speed: ExternalPanel,
  embed: ExternalPanel,
  link: ExternalPanel,
  phone: ExternalPanel,
}

export function panelFor(entry: CatalogueEntry): LazyPanel {
  return toolPanels[entry.id] ?? kindPanels[entry.kind]
}
