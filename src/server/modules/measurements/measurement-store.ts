// Where measurements live while they run and for a while after (MEASUREMENT_TTL_MINUTES): one
// interface, kept in this process's memory without Redis and in Redis (hash + event stream per
// measurement) with it, so that every site process reads and follows the same state.
import type { Measurement, MeasurementEvent, MeasurementRow, MeasurementToolId } from '../../../shared/measurements.ts'

/** What a measurement is made of when it is created. */
export interface NewMeasurement {
  id: string
  tool: MeasurementToolId
  input: string
  options: Record<string, unknown>
  locations: string[]
  createdAt: string
  rows: MeasurementRow[]
  /** The signed-in account that asked for it (its history and its run), null when anonymous. */
  userId: string | null
}

export interface MeasurementState extends Measurement {
  userId: string | null
}

/** The outcome of a row: anything but in-progress. */
export interface RowOutcome {
  status: Exclude<MeasurementRow['status'], 'in-progress'>
  result?: MeasurementRow['result']
  error?: string
}

/** One line of a running row's output, as its probe numbered it. */
export interface RowLine {
  probeId: string
  seq: number
  text: string
  maxLines: number
}

export interface StoredEvent {
  /** Resumes the stream after this event (SSE `id:`). */
  id: string
  event: MeasurementEvent
}

export interface MeasurementStore {
  create(measurement: NewMeasurement): Promise<void>
  /** Null when unknown or expired. */
  get(id: string): Promise<MeasurementState | null>
  row(id: string, index: number): Promise<MeasurementRow | null>
  /**
   * Gives a row its outcome unless it already has one (the first outcome wins, so a retried job or a
   * result sent twice changes nothing). `settled` when this call did it; `remaining` rows in progress.
   */
  settleRow(id: string, index: number, outcome: RowOutcome): Promise<{ settled: boolean; remaining: number }>
  /**
   * Appends a line of output to a row while it is in progress, given by `probeId`, and sends a `line`
   * event; ignored (false) for an unknown, settled or other probe's row, a `seq` not past the last one
   * kept, or a row that already has `maxLines`.
   */
  appendLine(id: string, index: number, line: RowLine): Promise<boolean>
  /** Claims the right to store the finished measurement; true for one caller until `lockMs` passes. */
  claimFinish(id: string, lockMs: number): Promise<boolean>
  /** Marks it finished (with its stored run) and sends the `finished` event. */
  finish(id: string, runId: string | undefined): Promise<void>
  /**
   * The events to send a follower: without `after`, every row as it stands then every change; with it,
   * the events after that one. Ends after `finished`, when the signal aborts, or on a store failure (thrown).
   */
  follow(id: string, after: string | undefined, signal: AbortSignal): AsyncIterable<StoredEvent>
  /** Resolves when the row may have changed, or after `timeoutMs`. */
  waitForRow(id: string, index: number, timeoutMs: number): Promise<void>
  /** The tasks a probe owes a result for ("<measurementId>:<index>"). */
  addProbeTask(probeId: string, taskId: string): Promise<void>
  removeProbeTask(probeId: string, taskId: string): Promise<void>
  probeTasks(probeId: string): Promise<string[]>
  close(): Promise<void>
}

export const taskIdOf = (measurementId: string, index: number) => `${measurementId}:${index}`

export function parseTaskId(taskId: string): { measurementId: string; index: number } | null {
  const match = /^([A-Za-z0-9_-]{1,64}):(\d{1,4})$/.exec(taskId)
  return match ? { measurementId: match[1] as string, index: Number(match[2]) } : null
}

export function applyOutcome(row: MeasurementRow, outcome: RowOutcome): MeasurementRow {
  return {
    probe: row.probe,
    status: outcome.status,
    ...(outcome.result ? { result: outcome.result } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
  }
}
