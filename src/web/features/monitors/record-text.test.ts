import { describe, expect, it } from 'vitest'
import type { MonitorWindow } from '../../../shared/monitors.ts'
import { confirmationsText, formatSpan, recordFacts, windowLabel, windowLine } from './record-text.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-27T12:00:00Z')

const window = (span: MonitorWindow['span'], since: number, extra: Partial<MonitorWindow> = {}): MonitorWindow => ({
  span,
  since: new Date(since).toISOString(),
  uptime: null,
  problemMs: 0,
  stateChanges: 0,
  ...extra,
})

describe('windowLabel()', () => {
  it('names a window since creation by the monitor age', () => {
    expect(windowLabel(window('created', NOW - 6 * MINUTE), NOW)).toBe('since created 6 min ago')
    expect(windowLabel(window('created', NOW - 3 * DAY - 4 * HOUR), NOW)).toBe('since created 3 days 4 h ago')
    expect(windowLabel(window('created', NOW - 20_000), NOW)).toBe('since created just now')
  })

  it('names the fixed windows', () => {
    expect(windowLabel(window('h24', NOW - DAY), NOW)).toBe('24 h')
    expect(windowLabel(window('d30', NOW - 30 * DAY), NOW)).toBe('30 days')
  })
})

describe('formatSpan()', () => {
  it('writes minutes, hours and days with their plurals', () => {
    expect(formatSpan(59_000)).toBe('under a minute')
    expect(formatSpan(HOUR + 5 * MINUTE)).toBe('1 h 5 min')
    expect(formatSpan(DAY + 2 * HOUR)).toBe('26 h')
    expect(formatSpan(2 * DAY)).toBe('2 days')
    expect(formatSpan(2 * DAY + HOUR)).toBe('2 days 1 h')
  })
})

describe('recordFacts()', () => {
  const young = [window('created', NOW - 6 * MINUTE, { problemMs: 6 * MINUTE, stateChanges: 1, uptime: null })]

  it('shows a certificate monitor its time in Problem and state changes, never an uptime', () => {
    const facts = recordFacts({ kind: 'ssl', windows: young }, NOW)
    expect(facts).toEqual([
      ['Time in Problem', '6 min (since created 6 min ago)'],
      ['State changes', '1 (since created 6 min ago)'],
    ])
    expect(JSON.stringify(facts)).not.toMatch(/Uptime|%/)
  })

  it('shows a website monitor its uptime over the windows it has lived through', () => {
    const windows = [
      window('h24', NOW - DAY, { uptime: 99.95 }),
      window('created', NOW - 2 * DAY, { uptime: 87.66, stateChanges: 2 }),
    ]
    expect(recordFacts({ kind: 'website', windows }, NOW)).toEqual([
      ['Uptime', '99.95 % (24 h) · 87.6 % (since created 2 days ago)'],
      ['State changes', '0 (24 h) · 2 (since created 2 days ago)'],
    ])
  })
})

describe('windowLine()', () => {
  it('writes one window of the list with plurals that agree', () => {
    const created = window('created', NOW - 6 * MINUTE, { stateChanges: 1 })
    expect(windowLine('dns', created, NOW)).toBe('Since created 6 min ago: no time in Problem, 1 state change')
    expect(windowLine('ping', window('h24', NOW - DAY, { uptime: 100, stateChanges: 2 }), NOW)).toBe(
      '24 h: 100 % uptime, 2 state changes',
    )
  })
})

describe('confirmationsText()', () => {
  it('agrees with its number', () => {
    expect(confirmationsText(1)).toBe('1 result in a row changes the state')
    expect(confirmationsText(3)).toBe('3 results in a row change the state')
  })
})
