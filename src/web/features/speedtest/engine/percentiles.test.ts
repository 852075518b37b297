import { describe, expect, it } from 'vitest'
import { percentileOf, spreadOf } from './percentiles.ts'
import { median } from './statistics.ts'

describe('percentileOf()', () => {
  it('interpolates between the two samples around the rank', () => {
    expect(percentileOf([10, 20, 30, 40], 0.25)).toBe(17.5)
    expect(percentileOf([10, 20, 30, 40], 0.9)).toBeCloseTo(37, 9)
    expect(percentileOf([10, 20, 30, 40], 0)).toBe(10)
    expect(percentileOf([10, 20, 30, 40], 1)).toBe(40)
  })

  it('gives the same median as median() for odd and even counts', () => {
    expect(percentileOf([1, 2, 9], 0.5)).toBe(median([9, 1, 2]))
    expect(percentileOf([1, 2, 8, 9], 0.5)).toBe(median([9, 8, 1, 2]))
  })

  it('refuses an empty set', () => {
    expect(() => percentileOf([], 0.5)).toThrow(RangeError)
  })
})

describe('spreadOf()', () => {
  it('sorts the samples and reports min, p25, median, p75, p90 and max rounded to 0.1 ms', () => {
    const samples = [30, 10, 12, 11, 13, 10, 14, 12, 11, 13, 15, 12, 11, 10, 16, 12, 13, 11, 40, 12]
    expect(spreadOf(samples)).toEqual({ min: 10, p25: 11, median: 12, p75: 13.3, p90: 17.4, max: 40, samples: 20 })
  })

  it('gives one sample as every figure, and null for none', () => {
    expect(spreadOf([7.25])).toEqual({ min: 7.3, p25: 7.3, median: 7.3, p75: 7.3, p90: 7.3, max: 7.3, samples: 1 })
    expect(spreadOf([])).toBeNull()
  })
})
