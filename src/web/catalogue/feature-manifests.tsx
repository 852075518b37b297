// What the web app shows for each catalogue entry: every tool's manifest, found in its feature folder,
// and the other entries' manifests, keyed by their ids so that one without does not compile
// (docs/architecture.md).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { isBulkTool } from '../../shared/bulk-tools.ts'
import { type CatalogueId, isToolId, type ToolId } from '../../shared/catalogue.ts'
import { externalManifests } from '../features/external/manifest.ts'
import { loadMeasurementRuns, offersRunFrom, PROBES_PATH } from '../features/measurements/manifest.ts'
import { phoneLookupManifest } from '../features/phone-lookup/manifest.ts'
import { registrarManifest } from '../features/registrar/manifest.ts'
import { speedtestManifest } from '../features/speedtest/manifest.ts'
import { fetchEarly } from '../lib/early-fetch.ts'
import type { PanelProps } from '../lib/panel-props.ts'
import type { EntryManifest, ToolManifest, ToolPanelProps } from '../lib/tool-parts.tsx'

/**
 * Every tool's manifest, found by its folder: `features/<id>/manifest.ts` exporting `manifest`. A
 * tool needs no line here; one without its folder has no icon, which feature-manifests.test.tsx finds.
 */
const featureManifests = import.meta.glob<{ manifest?: ToolManifest }>('../features/*/manifest.ts', { eager: true })

/** The manifest of a tool served by POST /api/tools/:id. */
export function toolManifest(id: ToolId): ToolManifest {
  const manifest = featureManifests[`../features/${id}/manifest.ts`]?.manifest
  if (!manifest) throw new Error(`The tool ${id} has no src/web/features/${id}/manifest.ts exporting manifest`)
  return manifest
}

/** Every other catalogue entry. */
export const entryManifest: Record<Exclude<CatalogueId, ToolId>, EntryManifest> = {
  speedtest: speedtestManifest,
  'phone-lookup': phoneLookupManifest,
  cloudflare: registrarManifest,
  ...externalManifests,
}

export function manifestOf(id: CatalogueId): ToolManifest | EntryManifest {
  return isToolId(id) ? toolManifest(id) : entryManifest[id]
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
    const [{ tool, Panel }, { ToolPanel, AfterAnswerContext }, { WatchThis }, bulk, measurements] = await Promise.all([
      manifest.load(),
      import('../tool-panel/index.ts'),
      import('../features/monitors/index.ts'),
      isBulkTool(id) ? import('../features/bulk/index.ts') : undefined,
      offersRunFrom(id) ? loadMeasurementRuns() : undefined,
    ])
    const Shown: ComponentType<ToolPanelProps> = Panel ?? ToolPanel
    // Under the output, the monitors' "Watch this" row: the tool panel imports no feature.
    const Single = (props: PanelProps) => (
      <AfterAnswerContext.Provider value={WatchThis}>
        {measurements && offersRunFrom(id) ? (
          <measurements.MeasurementRuns tool={id} entry={props.entry} parts={tool}>
            <Shown {...props} tool={tool} />
          </measurements.MeasurementRuns>
        ) : (
          <Shown {...props} tool={tool} />
        )}
      </AfterAnswerContext.Provider>
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
      ? lazyToolPanel(id, toolManifest(id))
      : lazy(() => entryManifest[id].load().then((m) => ({ default: m.Panel })))
    panels.set(id, panel)
  }
  return panel
}
