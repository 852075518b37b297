// A measurement as the page holds it: one slot per chosen probe, filled in by the event stream's
// `row` events and replaced as a whole by `finished`; the same shape for a stored measurement.
import type {
  Measurement,
  MeasurementCreated,
  MeasurementEvent,
  MeasurementToolId,
  StoredMeasurement,
} from '../../../shared/measurements.ts'
import type { RowSlot } from './comparison-types.ts'

export interface MeasurementState {
  id: string
  tool: MeasurementToolId
  input: string
  options: Readonly<Record<string, unknown>>
  locations: readonly string[]
  rows: readonly RowSlot[]
  finished: boolean
  /** ISO-8601 UTC, once the server has said. */
  createdAt?: string
  /** The stored run, once finished: Share makes its permalink. */
  runId?: string
  /** Why updates stopped before the end (the stream broke off for good, or took too long). */
  interrupted?: string
}

export interface StartedRequest {
  tool: MeasurementToolId
  input: string
  options?: unknown
  locations: string[]
}

export function startedState(created: MeasurementCreated, request: StartedRequest): MeasurementState {
  const options = request.options && typeof request.options === 'object' ? (request.options as object) : {}
  return {
    id: created.id,
    tool: request.tool,
    input: request.input,
    options: { ...options },
    locations: request.locations,
    rows: Array.from({ length: created.probesCount }, () => undefined),
    finished: false,
  }
}

export function stateOfMeasurement(m: Measurement): MeasurementState {
  return {
    id: m.id,
    tool: m.tool,
    input: m.input,
    options: m.options,
    locations: m.locations,
    rows: m.results,
    finished: m.status === 'finished',
    createdAt: m.createdAt,
    runId: m.runId,
  }
}

/** A stored measurement (a permalink, a history entry): finished, its run id given by whoever stored it. */
export function stateOfStored(stored: StoredMeasurement, runId?: string): MeasurementState {
  return {
    id: stored.id,
    tool: stored.tool,
    input: stored.input,
    options: stored.options,
    locations: stored.locations,
    rows: stored.results,
    finished: true,
    createdAt: stored.createdAt,
    runId,
  }
}

export function applyEvent(state: MeasurementState, event: MeasurementEvent): MeasurementState {
  if (event.type === 'finished') return { ...stateOfMeasurement(event.measurement), interrupted: undefined }
  const rows = [...state.rows]
  while (rows.length <= event.index) rows.push(undefined)
  if (event.type === 'line') {
    // A line belongs to a row still running; one that arrives after its row settled is left out.
    const row = rows[event.index]
    if (row?.status !== 'in-progress') return state
    rows[event.index] = { ...row, lines: [...(row.lines ?? []), event.line] }
    return { ...state, rows }
  }
  rows[event.index] = event.row
  return { ...state, rows }
}

/** How far the measurement is: "2 of 3 locations answered", counted over settled rows. */
export function progressOf(state: Pick<MeasurementState, 'rows'>): { total: number; settled: number; ok: number } {
  let settled = 0
  let ok = 0
  for (const row of state.rows) {
    if (!row || row.status === 'in-progress') continue
    settled++
    if (row.status === 'finished' && row.result?.status === 'ok') ok++
  }
  return { total: state.rows.length, settled, ok }
}
