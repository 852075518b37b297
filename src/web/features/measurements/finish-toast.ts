// The toasts of a measurement: "{tool} completed successfully from 3 locations", a warning when some
// locations did not answer, an error when none did; and a failure's message.
import { ApiError } from '../../lib/api.ts'
import { type MeasurementState, progressOf } from './measurement-state.ts'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function finishToast(
  toolName: string,
  state: Pick<MeasurementState, 'rows'>,
): { kind: 'success' | 'warning' | 'error'; text: string } {
  const { total, ok } = progressOf(state)
  if (ok === total)
    return { kind: 'success', text: `${toolName} completed successfully from ${plural(total, 'location')}` }
  if (ok === 0) return { kind: 'error', text: `${toolName} failed from every location (${plural(total, 'location')})` }
  return { kind: 'warning', text: `${toolName} finished: ${ok} of ${plural(total, 'location')} answered` }
}

export function describeMeasurementError(error: unknown): string {
  if (error instanceof ApiError || (error instanceof Error && error.message !== '')) return error.message
  return 'An unknown error occurred'
}
