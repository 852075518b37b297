import { describe, expect, it } from 'vitest'
import { recordWindows, stateRecord, summarizeRecord } from './record-windows.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-27T12:00:00Z')

describe('recordWindows()', () => {
  it('gives a 6-minute-old monitor only the window since it was created', () => {
    expect(recordWindows(NOW - 6 * MINUTE, NOW)).toEqual([{ span: 'created', since: NOW - 6 * MINUTE }])
  })

  it('gives a 2-day-old monitor the last 24 h and the window since created, no 7 or 30 days', () => {
    expect(recordWindows(NOW - 2 * DAY, NOW)).toEqual([
      { span: 'h24', since: NOW - DAY },
      { span: 'created', since: NOW - 2 * DAY },
    ])
  })

  it('gives a monitor older than 30 days the three fixed windows and no "since created"', () => {
    expect(recordWindows(NOW - 40 * DAY, NOW).map((w) => w.span)).toEqual(['h24', 'd7', 'd30'])
  })
})

describe('stateRecord()', () => {
  it('counts the time in Problem between the changes inside the window, and the changes', () => {
    const changes = [
      { at: NOW - 3 * HOUR, from: 'unknown' as const, to: 'problem' as const },
      { at: NOW - 2 * HOUR, from: 'problem' as const, to: 'ok' as const },
      { at: NOW - 30 * MINUTE, from: 'ok' as const, to: 'problem' as const },
    ]
    expect(stateRecord(changes, NOW - DAY, NOW, 'problem')).toEqual({ problemMs: HOUR + 30 * MINUTE, stateChanges: 3 })
  })

  it('starts the window in the state an earlier change led to', () => {
    const changes = [{ at: NOW - 2 * DAY, from: 'unknown' as const, to: 'problem' as const }]
    expect(stateRecord(changes, NOW - DAY, NOW, 'problem')).toEqual({ problemMs: DAY, stateChanges: 0 })
  })

  it('reports no time in Problem and no changes for a monitor that stayed OK', () => {
    expect(stateRecord([], NOW - DAY, NOW, 'ok')).toEqual({ problemMs: 0, stateChanges: 0 })
  })
})

describe('summarizeRecord()', () => {
  const base = { createdAt: NOW - 6 * MINUTE, now: NOW, current: 'problem' as const, changes: [] }

  it('gives availability kinds an uptime share over the window since created', async () => {
    const asked: number[] = []
    const windows = await summarizeRecord({
      ...base,
      kind: 'ping',
      uptimeSince: async (since) => {
        asked.push(since)
        return 50
      },
    })
    expect(windows).toEqual([
      {
        span: 'created',
        since: new Date(NOW - 6 * MINUTE).toISOString(),
        uptime: 50,
        problemMs: 6 * MINUTE,
        stateChanges: 0,
      },
    ])
    expect(asked).toEqual([NOW - 6 * MINUTE])
  })

  it.each(['ssl', 'dns', 'blacklist', 'mail'] as const)(
    'gives a %s monitor no uptime, only time in Problem',
    async (kind) => {
      const windows = await summarizeRecord({
        ...base,
        kind,
        uptimeSince: () => Promise.reject(new Error('not asked')),
      })
      expect(windows).toEqual([expect.objectContaining({ span: 'created', uptime: null, problemMs: 6 * MINUTE })])
    },
  )
})
