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

/** Where the connected probes are listed (GET); a panel that offers "Run from" reads it first. */
export const PROBES_PATH = '/api/probes'
