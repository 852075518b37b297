// Which tool panels offer "Run from", known to the first page without the measurement contract's
// schemas (they load with the panel). Keyed by the contract's own type, so a tool added to or taken
// from MEASUREMENT_TOOL_IDS does not compile until it is here too.
import type { ToolId } from '../../../shared/catalogue.ts'
import type { MeasurementToolId } from '../../../shared/measurements.ts'

const runsFromProbes: Record<MeasurementToolId, true> = {
  ping: true,
  traceroute: true,
  dns: true,
  rdns: true,
  ssl: true,
  'website-check': true,
  mail: true,
}

export function offersRunFrom(id: ToolId): id is MeasurementToolId {
  return Object.hasOwn(runsFromProbes, id)
}

export { PROBES_PATH } from './probes-path.ts'

/**
 * The "Run from" choice and the runs it starts, for a tool panel (catalogue/feature-manifests.tsx): the
 * panel's part of this feature, without the stored views and exports that index.ts also offers.
 */
export const loadMeasurementRuns = () => import('./measurement-runs.tsx')
