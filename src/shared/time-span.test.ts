import { describe, expect, it } from 'vitest'
import { DAY_MS, daysUntil, describeDaysLeft, describeExpiresIn } from './time-span.ts'

const NOW = Date.UTC(2026, 10, 27, 12)

describe('daysUntil() and describeDaysLeft()', () => {
  it('round whole days down in size, before and after the date', () => {
    expect(daysUntil(NOW + 29.9 * DAY_MS, NOW)).toBe(29)
    expect(describeDaysLeft(daysUntil(NOW + 1.5 * DAY_MS, NOW))).toBe('1 day left')
    expect(daysUntil(NOW - 5 * DAY_MS, NOW)).toBe(-5)
    expect(describeDaysLeft(daysUntil(NOW - 5 * DAY_MS - 1000, NOW))).toBe('expired 5 days ago')
    expect(describeDaysLeft(daysUntil(NOW - 5.9 * DAY_MS, NOW))).toBe('expired 5 days ago')
  })

  it('says a certificate expired hours ago expired, not that it has 0 days left', () => {
    const days = daysUntil(NOW - 3_600_000, NOW)
    expect(Object.is(days, 0)).toBe(true)
    expect(describeDaysLeft(days, true)).toBe('expired less than a day ago')
    expect(describeDaysLeft(daysUntil(NOW + 3_600_000, NOW))).toBe('0 days left')
  })
})

describe('describeExpiresIn()', () => {
  it('says one day in the singular and less than a day for hours', () => {
    expect(describeExpiresIn(daysUntil(NOW + 1.5 * DAY_MS, NOW))).toBe('in 1 day')
    expect(describeExpiresIn(daysUntil(NOW + 10 * DAY_MS, NOW))).toBe('in 10 days')
    expect(describeExpiresIn(daysUntil(NOW + 3_600_000, NOW))).toBe('in less than a day')
  })
})
