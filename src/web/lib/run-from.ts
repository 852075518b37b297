// Where a tool runs from: this server (the panel's own run), any N probes, or the places a person
// writes ("DE, AS13335, Frankfurt, Europe"); what each choice asks of POST /api/measurements, and how
// it travels in a run's link (`?probes=3`, `?from=DE, AS13335`).

import type { MeasurementRequestInput } from '../../shared/measurement-request.ts'
import {
  MEASUREMENT_MAX_LIMIT,
  MEASUREMENT_MAX_LOCATIONS,
  measurementLocation,
  type StoredMeasurement,
} from '../../shared/measurements.ts'

export type RunFrom = { mode: 'server' } | { mode: 'count'; count: number } | { mode: 'pick'; text: string }

export const THIS_SERVER: RunFrom = { mode: 'server' }
export const DEFAULT_PROBE_COUNT = 3
/** The location entry that takes any probe. */
export const ANY_LOCATION = 'any'

/** The entries of a written list: split at commas and line breaks, trimmed, blanks and repeats left out. */
export function splitLocations(text: string): string[] {
  const seen = new Set<string>()
  const entries: string[] = []
  for (const raw of text.split(/[,\n]/)) {
    const entry = raw.trim().replace(/\s+/g, ' ')
    if (entry === '' || seen.has(entry.toLowerCase())) continue
    seen.add(entry.toLowerCase())
    entries.push(entry)
  }
  return entries
}

/** The list with one entry added or taken out (compared without regard to case). */
export function toggleLocation(text: string, entry: string, on: boolean): string {
  const rest = splitLocations(text).filter((e) => e.toLowerCase() !== entry.toLowerCase())
  return (on ? [...rest, entry] : rest).join(', ')
}

export function hasLocation(text: string, entry: string): boolean {
  return splitLocations(text).some((e) => e.toLowerCase() === entry.toLowerCase())
}

/** Why the choice cannot be sent as it stands, in the words of the request's own rules; null when it can. */
export function checkRunFrom(runFrom: RunFrom): string | null {
  if (runFrom.mode === 'server') return null
  if (runFrom.mode === 'count') {
    const ok = Number.isInteger(runFrom.count) && runFrom.count >= 1 && runFrom.count <= MEASUREMENT_MAX_LIMIT
    return ok ? null : `Choose 1 to ${MEASUREMENT_MAX_LIMIT} locations`
  }
  const entries = splitLocations(runFrom.text)
  if (entries.length === 0) return 'Choose at least one location'
  if (entries.length > MEASUREMENT_MAX_LOCATIONS)
    return `At most ${MEASUREMENT_MAX_LOCATIONS} locations per measurement`
  for (const entry of entries) {
    const parsed = measurementLocation.safeParse(entry)
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'A location cannot be read'
  }
  return null
}

/** The targeting part of the measurement request: any N probes, or one probe per written entry. */
export function targetingOf(
  runFrom: Exclude<RunFrom, { mode: 'server' }>,
): Pick<MeasurementRequestInput, 'locations' | 'limit'> {
  if (runFrom.mode === 'count') return { locations: [ANY_LOCATION], limit: runFrom.count }
  return { locations: splitLocations(runFrom.text) }
}

/** The choice's query parameters: none for this server. */
export function writeRunFrom(runFrom: RunFrom): [string, string][] {
  if (runFrom.mode === 'count') return [['probes', String(runFrom.count)]]
  if (runFrom.mode === 'pick') return [['from', splitLocations(runFrom.text).join(', ')]]
  return []
}

/** The choice a link asks for: `from` (written places) before `probes` (any N); neither means this server. */
export function readRunFrom(params: URLSearchParams): RunFrom {
  const from = params.get('from')
  if (from !== null && splitLocations(from).length > 0) return { mode: 'pick', text: splitLocations(from).join(', ') }
  const probes = params.get('probes')
  // A count that does not parse is kept, so that the check names the problem.
  if (probes !== null) return { mode: 'count', count: /^\d+$/.test(probes) ? Number(probes) : Number.NaN }
  return THIS_SERVER
}

/** The choice that measures a stored measurement again from the same places. */
export function runFromOfStored(stored: Pick<StoredMeasurement, 'locations' | 'results'>): RunFrom {
  const { locations, results } = stored
  if (locations.length === 1 && locations[0]?.toLowerCase() === ANY_LOCATION) {
    return { mode: 'count', count: Math.min(Math.max(results.length, 1), MEASUREMENT_MAX_LIMIT) }
  }
  return { mode: 'pick', text: locations.join(', ') }
}
