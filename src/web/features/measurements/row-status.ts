// A probe's row in words: waiting, in progress, done, or failed and whose failure that is (the target,
// the probe or this server, the target policy), a probe that could not run the tool, a lost probe.
import type { MeasurementRow } from '../../../shared/measurements.ts'

export type RowTone = 'busy' | 'ok' | 'failed'

export interface RowStatus {
  /** "Waiting", "In progress", "Done", "Failed", "Not run", "Probe lost". */
  label: string
  /** Whose failure: "target", "probe", "this server", "policy"; absent when it is not a failure or not known. */
  whose?: string
  /** The error in the answer's or the probe's words. */
  detail?: string
  tone: RowTone
}

/** The row's status; `undefined` is a probe from which nothing has been heard yet. */
export function rowStatus(row: MeasurementRow | undefined): RowStatus {
  if (!row) return { label: 'Waiting', tone: 'busy' }
  const own = row.probe.local ? 'this server' : 'probe'
  switch (row.status) {
    case 'in-progress':
      return { label: 'In progress', tone: 'busy' }
    case 'failed':
      return { label: 'Not run', whose: own, detail: row.error ?? 'The probe could not run the tool', tone: 'failed' }
    case 'probe-lost':
      return {
        label: 'Probe lost',
        detail: row.error ?? 'The probe went away before answering',
        tone: 'failed',
      }
    case 'finished': {
      const answer = row.result
      if (!answer) return { label: 'Failed', whose: own, detail: row.error ?? 'No answer was kept', tone: 'failed' }
      if (answer.status === 'ok') return { label: 'Done', tone: 'ok' }
      const source = answer.failureSource
      const whose = source === 'server' ? own : source
      return { label: 'Failed', whose, detail: answer.error ?? row.error, tone: 'failed' }
    }
  }
}

/** "Failed (target): Name does not exist", "Done", "In progress": the status as one line of text. */
export function rowStatusText(status: RowStatus): string {
  const head = status.whose ? `${status.label} (${status.whose})` : status.label
  return status.detail ? `${head}: ${status.detail}` : head
}

/** Whether nothing more will change for the row. */
export function rowSettled(row: MeasurementRow | undefined): boolean {
  return row !== undefined && row.status !== 'in-progress'
}
