import { describe, expect, it } from 'vitest'
import { type ChartBox, chartGeometry, niceStep, timeTicks, valueDomain } from './chart-scale.ts'

const box: ChartBox = { width: 500, height: 220, left: 60, right: 10, top: 10, bottom: 30 }
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute))

describe('niceStep()', () => {
  it('picks 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(100, 4)).toBe(50)
    expect(niceStep(7, 4)).toBe(2)
    expect(niceStep(0.3, 4)).toBe(0.1)
    expect(niceStep(30, 4)).toBe(10)
  })
})

describe('valueDomain()', () => {
  it('starts at zero and ends on a round number at or above the highest value', () => {
    expect(valueDomain([12, 38, 91])).toEqual({ min: 0, max: 100, step: 50 })
    expect(valueDomain([3])).toEqual({ min: 0, max: 3, step: 1 })
  })

  it('reaches below zero for negative values (a certificate expired days ago)', () => {
    const domain = valueDomain([-4, 10])
    expect(domain.min).toBeLessThanOrEqual(-4)
    expect(domain.max).toBeGreaterThanOrEqual(10)
  })

  it('gives an axis of one whole step when every counted value is zero or there is none', () => {
    expect(valueDomain([0, 0], true)).toEqual({ min: 0, max: 1, step: 1 })
    expect(valueDomain([], true)).toEqual({ min: 0, max: 1, step: 1 })
    expect(valueDomain([0, 0]).max).toBeGreaterThan(0)
  })

  it('keeps whole steps for counted values', () => {
    expect(valueDomain([0, 2], true)).toEqual({ min: 0, max: 2, step: 1 })
    expect(valueDomain([0, 2]).step).toBe(0.5)
  })
})

describe('timeTicks()', () => {
  it('places ticks on round times inside the period', () => {
    const from = Date.UTC(2030, 0, 1, 12, 7)
    const to = Date.UTC(2030, 0, 1, 13, 50)
    const ticks = timeTicks(from, to, 5)
    expect(ticks.length).toBeGreaterThan(1)
    expect(ticks.length).toBeLessThanOrEqual(5)
    for (const tick of ticks) {
      expect(tick).toBeGreaterThanOrEqual(from)
      expect(tick).toBeLessThanOrEqual(to)
      expect(tick % (15 * 60_000)).toBe(0)
    }
  })
})

describe('chartGeometry()', () => {
  it('draws one line through measured checks, left to right, higher values higher up', () => {
    const g = chartGeometry(
      [
        { at: at(0), value: 10 },
        { at: at(5), value: 40 },
        { at: at(10), value: 20 },
      ],
      box,
    )
    expect(g.segments).toHaveLength(1)
    expect(g.dots.map((d) => d.x)).toEqual([60, 275, 490])
    const [low, high] = [g.dots[0]?.y ?? 0, g.dots[1]?.y ?? 0]
    expect(high).toBeLessThan(low)
    expect(g.gaps).toEqual([])
  })

  it('breaks the line at a check that measured nothing and marks it', () => {
    const g = chartGeometry(
      [
        { at: at(0), value: 10 },
        { at: at(5), value: 12 },
        { at: at(10), value: null },
        { at: at(15), value: 11 },
        { at: at(20), value: 9 },
      ],
      box,
    )
    expect(g.segments).toHaveLength(2)
    expect(g.gaps).toEqual([275])
    expect(g.dots).toHaveLength(4)
  })

  it('labels a period too short for two round times at its two ends', () => {
    const g = chartGeometry(
      [
        { at: new Date(Date.UTC(2030, 0, 1, 12, 0, 1)), value: 1 },
        { at: new Date(Date.UTC(2030, 0, 1, 12, 0, 17)), value: 1 },
      ],
      box,
    )
    expect(g.xTicks.map((t) => t.at)).toEqual([60, 490])
  })

  it('places a single check in the middle', () => {
    const g = chartGeometry([{ at: at(0), value: 5 }], box)
    expect(g.dots[0]?.x).toBe(275)
  })

  it('labels the value axis from its lowest to its highest tick', () => {
    const g = chartGeometry([{ at: at(0), value: 80 }], box)
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80])
    expect(g.yTicks[0]?.at).toBe(190)
    expect(g.yTicks.at(-1)?.at).toBe(10)
  })
})
