// The one list of what the web app shows for each catalogue entry: every feature's manifest, keyed by
// the catalogue's own ids so that an entry without a manifest does not compile (docs/architecture.md).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { isBulkTool } from '../../shared/bulk-tools.ts'
import { type CatalogueId, isToolId, type ToolId } from '../../shared/catalogue.ts'
import { abuseManifest } from '../features/abuse/manifest.ts'
import { asnManifest } from '../features/asn/manifest.ts'
import { blacklistManifest } from '../features/blacklist/manifest.ts'
import { dnsManifest } from '../features/dns/manifest.ts'
import { externalManifests } from '../features/external/manifest.ts'
import { geolocationManifest } from '../features/geolocation/manifest.ts'
import { mailManifest } from '../features/mail/manifest.ts'
import { mailHeadersManifest } from '../features/mail-headers/manifest.ts'
import { loadMeasurementRuns, offersRunFrom, PROBES_PATH } from '../features/measurements/manifest.ts'
import { phoneLookupManifest } from '../features/phone-lookup/manifest.ts'
import { pingManifest } from '../features/ping/manifest.ts'
import { rdnsManifest } from '../features/rdns/manifest.ts'
import { registrarManifest } from '../features/registrar/manifest.ts'
import { speedtestManifest } from '../features/speedtest/manifest.ts'
import { sslManifest } from '../features/ssl/manifest.ts'
import { tracerouteManifest } from '../features/traceroute/manifest.ts'
import { websiteCheckManifest } from '../features/website-check/manifest.ts'
import { whatismyipManifest } from '../features/whatismyip/manifest.ts'
import { whoisManifest } from '../features/whois/manifest.ts'
import { fetchEarly } from '../lib/early-fetch.ts'
import type { PanelProps } from '../lib/panel-props.ts'
import type { EntryManifest, ToolManifest, ToolPanelProps } from '../lib/tool-parts.tsx'

/** The tools served by POST /api/tools/:id. */
export const toolManifest: Record<ToolId, ToolManifest> = {
  ping: pingManifest,
  traceroute: tracerouteManifest,
  whois: whoisManifest,
  dns: dnsManifest,
  rdns: rdnsManifest,
  ssl: sslManifest,
  geolocation: geolocationManifest,
  blacklist: blacklistManifest,
  'website-check': websiteCheckManifest,
  asn: asnManifest,
  abuse: abuseManifest,
  mail: mailManifest,
  'mail-headers': mailHeadersManifest,
  whatismyip: whatismyipManifest,
}

/** Every other catalogue entry. */
export const entryManifest: Record<Exclude<CatalogueId, ToolId>, EntryManifest> = {
  speedtest: speedtestManifest,
  'phone-lookup': phoneLookupManifest,
  cloudflare: registrarManifest,
  ...externalManifests,
}

export function manifestOf(id: CatalogueId): ToolManifest | EntryManifest {
  return isToolId(id) ? toolManifest[id] : entryManifest[id]
}

type LazyPanel = LazyExoticComponent<ComponentType<PanelProps>>

/**
 * A tool's module and the generic tool panel load side by side; the tool's own panel wins when it has one.
 * The tools a probe can run also get the "Run from" choice (measurements from other places), and the
 * lookup tools that take many inputs at once the bulk mode on their page.
 */
function lazyToolPanel(id: ToolId, manifest: ToolManifest): LazyPanel {
  return lazy(async () => {
    // The "Run from" choice lists the connected probes: asked for now, beside the code.
    if (offersRunFrom(id)) fetchEarly(PROBES_PATH)
    const [{ tool, Panel }, { ToolPanel }, bulk, measurements] = await Promise.all([
      manifest.load(),
      import('../features/tool-panel/index.ts'),
      isBulkTool(id) ? import('../features/bulk/index.ts') : undefined,
      offersRunFrom(id) ? loadMeasurementRuns() : undefined,
    ])
    const Shown: ComponentType<ToolPanelProps> = Panel ?? ToolPanel
    const Single = (props: PanelProps) =>
      measurements && offersRunFrom(id) ? (
        <measurements.MeasurementRuns tool={id} entry={props.entry} parts={tool}>
          <Shown {...props} tool={tool} />
        </measurements.MeasurementRuns>
      ) : (
        <Shown {...props} tool={tool} />
      )
    if (!bulk || !isBulkTool(id)) return { default: Single }
    const { BulkModes } = bulk
    return {
      default: (props: PanelProps) => <BulkModes {...props} tool={id} single={<Single {...props} />} />,
    }
  })
}

const panels = new Map<CatalogueId, LazyPanel>()

/** The entry's panel, each loaded as its own chunk when first shown (made once per entry). */
export function panelFor(id: CatalogueId): LazyPanel {
  let panel = panels.get(id)
  if (!panel) {
    panel = isToolId(id)
      ? lazyToolPanel(id, toolManifest[id])
      : lazy(() => entryManifest[id].load().then((m) => ({ default: m.Panel })))
    panels.set(id, panel)
  }
  return panel
}
