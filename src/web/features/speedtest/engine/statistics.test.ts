import { describe, expect, it } from 'vitest'
import { median, roundTo, standardDeviation, toMbps } from './statistics.ts'

describe('median()', () => {
  it('takes the middle sample of an odd count and the mean of the middle two of an even count', () => {
    expect(median([30, 10, 20])).toBe(20)
    expect(median([12, 10, 40, 11])).toBe(11.5)
  })

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(RangeError)
  })
})

describe('standardDeviation()', () => {
  it('is the population standard deviation', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2)
    expect(standardDeviation([10, 10, 10])).toBe(0)
  })
})

describe('toMbps()', () => {
  it('turns bytes over milliseconds into megabits per second, unscaled', () => {
    expect(toMbps(12_500_000, 1000)).toBe(100)
    expect(toMbps(10_485_760, 2000)).toBeCloseTo(41.943, 3)
  })
})

describe('roundTo()', () => {
  it('rounds to the given decimals', () => {
    expect(roundTo(93.456, 2)).toBe(93.46)
    expect(roundTo(1.25, 1)).toBe(1.3)
  })
})
