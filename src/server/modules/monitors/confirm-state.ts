// The flapping guard: a monitor's confirmed state changes only after `confirmations` results in a row
// say the same new thing. A check that could not be made (unknown) neither confirms nor breaks a run.
import type { CheckState } from '../../../shared/monitors.ts'

export type ConfirmedState = CheckState

export interface StateTrack {
  state: ConfirmedState
  /** A state other than `state` seen in the last results, not yet confirmed. */
  pendingState: ConfirmedState | null
  pendingCount: number
}

export interface StateChange {
  from: ConfirmedState
  to: ConfirmedState
}

export function advanceState(
  track: StateTrack,
  result: CheckState,
  confirmations: number,
): { track: StateTrack; change?: StateChange } {
  if (result === 'unknown') return { track }
  if (result === track.state) return { track: { state: track.state, pendingState: null, pendingCount: 0 } }
  const pendingCount = track.pendingState === result ? track.pendingCount + 1 : 1
  if (pendingCount < confirmations) return { track: { state: track.state, pendingState: result, pendingCount } }
  return {
    track: { state: result, pendingState: null, pendingCount: 0 },
    change: { from: track.state, to: result },
  }
}

/**
 * Which changes are alerted: a problem (after ok, or as the first confirmed state of a new monitor) and
 * a recovery. A new monitor's first "ok" is recorded as an event but sends nothing.
 */
export function alertKind(change: StateChange): 'problem' | 'recovered' | null {
  if (change.to === 'problem') return 'problem'
  if (change.from === 'problem' && change.to === 'ok') return 'recovered'
  return null
}
