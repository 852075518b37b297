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

/** Tools whose panel goes beyond the generic one. */
const toolPanels: Record<string, LazyPanel> = {
  dns: DnsPanel,
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
