import { describe, expect, it } from 'vitest'
import type { CheckState } from '../../../shared/monitors.ts'
import { advanceState, alertKind, type StateChange, type StateTrack } from './confirm-state.ts'

/** Feeds results in order; returns the changes they caused. */
function feed(results: CheckState[], confirmations: number, start: StateTrack['state'] = 'unknown'): StateChange[] {
  let track: StateTrack = { state: start, pendingState: null, pendingCount: 0 }
  const changes: StateChange[] = []
  for (const result of results) {
    const next = advanceState(track, result, confirmations)
    track = next.track
    if (next.change) changes.push(next.change)
  }
  return changes
}

describe('advanceState()', () => {
  it('changes state only after N results in a row', () => {
    expect(feed(['problem'], 2, 'ok')).toEqual([])
    expect(feed(['problem', 'problem'], 2, 'ok')).toEqual([{ from: 'ok', to: 'problem' }])
  })

  it('does not change on a flapping target', () => {
    expect(feed(['problem', 'ok', 'problem', 'ok', 'problem'], 2, 'ok')).toEqual([])
  })

  it('changes once per real change, not on every check', () => {
    const changes = feed(['ok', 'ok', 'ok', 'problem', 'problem', 'problem', 'problem', 'ok', 'ok', 'ok'], 2)
    expect(changes).toEqual([
      { from: 'unknown', to: 'ok' },
      { from: 'ok', to: 'problem' },
      { from: 'problem', to: 'ok' },
    ])
  })

  it('lets a check that could not be made neither confirm nor break a run', () => {
    expect(feed(['problem', 'unknown', 'problem'], 2, 'ok')).toEqual([{ from: 'ok', to: 'problem' }])
    expect(feed(['unknown', 'unknown', 'unknown'], 1, 'ok')).toEqual([])
  })

  it('with one confirmation, changes at the first different result', () => {
    expect(feed(['problem', 'ok'], 1, 'ok')).toEqual([
      { from: 'ok', to: 'problem' },
      { from: 'problem', to: 'ok' },
    ])
  })
})

describe('alertKind()', () => {
  it('alerts on problems and recoveries, not on a new monitor first found ok', () => {
    expect(alertKind({ from: 'ok', to: 'problem' })).toBe('problem')
    expect(alertKind({ from: 'unknown', to: 'problem' })).toBe('problem')
    expect(alertKind({ from: 'problem', to: 'ok' })).toBe('recovered')
    expect(alertKind({ from: 'unknown', to: 'ok' })).toBeNull()
  })
})
