import { describe, expect, it } from 'vitest'
import { arcPoint, gaugeFraction } from './gauge-scale.ts'

describe('gaugeFraction()', () => {
  it('puts 0 at the start, 10 Gbit/s at the end and rises with the rate', () => {
    expect(gaugeFraction(0)).toBe(0)
    expect(gaugeFraction(10_000)).toBe(1)
    expect(gaugeFraction(50_000)).toBe(1)
    expect(gaugeFraction(100)).toBeGreaterThan(gaugeFraction(10))
    expect(gaugeFraction(100)).toBeCloseTo(0.5011, 3)
  })

  it('treats a missing or negative rate as 0', () => {
    expect(gaugeFraction(Number.NaN)).toBe(0)
    expect(gaugeFraction(-5)).toBe(0)
  })
})

describe('arcPoint()', () => {
  it('runs from the left end over the top to the right end', () => {
    const [x0, y0] = arcPoint(0, 100, 100, 80)
    const [xm, ym] = arcPoint(0.5, 100, 100, 80)
    const [x1, y1] = arcPoint(1, 100, 100, 80)
    expect(x0).toBeCloseTo(20, 9)
    expect(y0).toBeCloseTo(100, 9)
    expect(xm).toBeCloseTo(100, 9)
    expect(ym).toBeCloseTo(20, 9)
    expect(x1).toBeCloseTo(180, 9)
    expect(y1).toBeCloseTo(100, 9)
  })
})
