import { describe, expect, it } from 'vitest'
import { CHART, chartGeometry, niceCeiling } from './rtt-geometry.ts'

describe('niceCeiling()', () => {
  it.each([
    [0.071, 0.1],
    [0.12, 0.2],
    [3.4, 5],
    [18, 20],
    [1856, 2000],
    [0, 1],
  ])('rounds %d ms up to %d', (value, expected) => expect(niceCeiling(value)).toBeCloseTo(expected, 10))
})

describe('chartGeometry()', () => {
  const replies = [
    { seq: 1, status: 'reply' as const, timeMs: 10 },
    { seq: 2, status: 'timeout' as const },
    { seq: 3, status: 'reply' as const, timeMs: 5 },
  ]

  it('gives each probe a slot and scales the slowest reply to the full height', () => {
    const g = chartGeometry(replies, 4)
    expect(g.slots).toBe(4)
    expect(g.scaleMs).toBe(10)
    const plotHeight = CHART.height - CHART.top - CHART.bottom
    expect(g.bars.map((b) => [b.seq, b.height])).toEqual([
      [1, plotHeight],
      [3, plotHeight / 2],
    ])
  })

  it('marks probes without a reply', () => {
    expect(chartGeometry(replies, 4).misses.map((m) => [m.seq, m.status])).toEqual([[2, 'timeout']])
  })

  it('draws a late reply, not the earlier "no answer yet", for the same probe', () => {
    const g = chartGeometry(
      [
        { seq: 1, status: 'timeout' },
        { seq: 1, status: 'reply', timeMs: 900 },
      ],
      1,
    )
    expect(g.misses).toEqual([])
    expect(g.bars).toHaveLength(1)
  })
})
