import { describe, expect, it } from 'vitest'
import { refreshDelay } from './refresh-delay.ts'

const now = Date.UTC(2030, 0, 1, 12)
const at = (ms: number) => new Date(now + ms).toISOString()
const monitor = (nextInMs: number | null, changes = {}) => ({
  paused: false,
  disabled: false,
  lastCheckAt: at(-60_000),
  nextCheckAt: nextInMs === null ? null : at(nextInMs),
  ...changes,
})

describe('refreshDelay()', () => {
  it('reads again just after the earliest next check is due', () => {
    expect(refreshDelay([monitor(20_000), monitor(8_000)], now)).toBe(9_500)
  })

  it('waits at least 2 s and at most a minute', () => {
    expect(refreshDelay([monitor(100)], now)).toBe(2_000)
    expect(refreshDelay([monitor(600_000)], now)).toBe(60_000)
  })

  it('leaves paused and switched-off monitors out, and asks soon for a first check not yet scheduled', () => {
    expect(refreshDelay([monitor(5_000, { paused: true }), monitor(5_000, { disabled: true })], now)).toBe(60_000)
    expect(refreshDelay([monitor(null, { lastCheckAt: null })], now)).toBe(2_000)
    expect(refreshDelay([], now)).toBe(60_000)
  })

  it('does not hurry a check overdue by more than a minute', () => {
    expect(refreshDelay([monitor(-120_000)], now)).toBe(60_000)
  })
})
