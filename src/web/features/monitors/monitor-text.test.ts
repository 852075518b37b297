import { describe, expect, it } from 'vitest'
import { formatInterval, formatUptime, formatValue } from './monitor-text.ts'

describe('formatValue()', () => {
  it('writes each kind’s value with its unit', () => {
    expect(formatValue('ping', 38.46)).toBe('38 ms')
    expect(formatValue('ping', 0.42)).toBe('0.4 ms')
    expect(formatValue('website', 1200)).toBe('1200 ms')
    expect(formatValue('ssl', 1)).toBe('1 day')
    expect(formatValue('mail', -3)).toBe('-3 days')
    expect(formatValue('blacklist', 0)).toBe('0 listings')
    expect(formatValue('blacklist', 1)).toBe('1 listing')
    expect(formatValue('dns', 4)).toBe('4 records')
  })
})

describe('formatUptime()', () => {
  it('never rounds a share below 100 % up to 100 %', () => {
    expect(formatUptime(99.999)).toBe('99.99 %')
    expect(formatUptime(100)).toBe('100 %')
    expect(formatUptime(87.66)).toBe('87.6 %')
    expect(formatUptime(0)).toBe('0.0 %')
  })

  it('says "no data" for a window without checks', () => {
    expect(formatUptime(null)).toBe('no data')
  })
})

describe('formatInterval()', () => {
  it('names minutes, hours and days', () => {
    expect(formatInterval(1)).toBe('every minute')
    expect(formatInterval(5)).toBe('every 5 minutes')
    expect(formatInterval(60)).toBe('every hour')
    expect(formatInterval(180)).toBe('every 3 hours')
    expect(formatInterval(1440)).toBe('every day')
  })
})
