import { describe, expect, it } from 'vitest'
import type { QualityInput, SpeedTestResult } from '../../../../shared/tools/speedtest/schema.ts'
import { packetLossFor } from './packet-loss.ts'
import { type InputReading, rateInput, readInputs, scoreQuality, scoreUse } from './quality-scores.ts'
import { BOUNDED_RATINGS, type Bounds, QUALITY_INPUTS, QUALITY_USES, type QualityUse } from './quality-thresholds.ts'

const uses = Object.keys(QUALITY_USES) as QualityUse[]
const everyBound = uses.flatMap((use) =>
  (Object.entries(QUALITY_USES[use].bounds) as Array<[QualityInput, Bounds]>).map(
    ([input, bounds]) => [use, input, bounds] as const,
  ),
)

describe('rateInput()', () => {
  // Every bound of every use: a rate on the bound earns its rating and just under it the next one;
  // a time or loss just under the bound earns it and on the bound the next one.
  it.each(everyBound)(
    '%s, %s: each bound gives its rating on the right side and the next rating past it',
    (_use, input, bounds) => {
      const step = 0.01
      bounds.forEach((bound, i) => {
        const rating = BOUNDED_RATINGS[i]
        const next = BOUNDED_RATINGS[i + 1] ?? 'Bad'
        if (QUALITY_INPUTS[input].sense === 'atLeast') {
          expect(rateInput(input, bound, bounds), `${bound}`).toBe(rating)
          expect(rateInput(input, bound - step, bounds), `${bound - step}`).toBe(next)
        } else {
          expect(rateInput(input, bound - step, bounds), `${bound - step}`).toBe(rating)
          expect(rateInput(input, bound, bounds), `${bound}`).toBe(next)
        }
      })
    },
  )

  it('rates the extremes Great and Bad', () => {
    expect(rateInput('download', 10_000, [50, 25, 10, 3])).toBe('Great')
    expect(rateInput('download', 0, [50, 25, 10, 3])).toBe('Bad')
    expect(rateInput('latency', 0, [20, 50, 100, 500])).toBe('Great')
    expect(rateInput('latency', 5000, [20, 50, 100, 500])).toBe('Bad')
  })

  it('keeps the bounds of every input in order, best first', () => {
    for (const [, input, bounds] of everyBound) {
      const sorted = [...bounds].sort((a, b) => (QUALITY_INPUTS[input].sense === 'atLeast' ? b - a : a - b))
      expect(bounds).toEqual(sorted)
    }
  })
})

const all = (value: number): Record<QualityInput, InputReading> => ({
  download: { value: 1000 },
  upload: { value: 1000 },
  latency: { value },
  latencyIncrease: { value },
  jitter: { value },
  packetLoss: { value: 0 },
})

describe('scoreUse()', () => {
  it('gives the lowest rating among the inputs and names the inputs that set it', () => {
    const readings = { ...all(1), download: { value: 20 }, latencyIncrease: { value: 70 } }
    expect(scoreUse('streaming', readings)).toEqual({
      rating: 'Average',
      limitedBy: ['download'],
      notJudged: [],
    })
    expect(scoreUse('gaming', readings)).toEqual({ rating: 'Poor', limitedBy: ['latencyIncrease'], notJudged: [] })
  })

  it('judges only the inputs of the use: upload counts for video calls, not for streaming', () => {
    const readings = { ...all(1), upload: { value: 0.5 } }
    expect(scoreUse('streaming', readings).rating).toBe('Great')
    expect(scoreUse('gaming', readings).rating).toBe('Great')
    expect(scoreUse('videoCalls', readings)).toMatchObject({ rating: 'Bad', limitedBy: ['upload'] })
  })

  it('lists an input that was not measured as not judged with its reason, and rates on the others', () => {
    const readings = { ...all(1), packetLoss: { missing: 'not measured: no UDP' } }
    expect(scoreUse('gaming', readings)).toEqual({
      rating: 'Great',
      limitedBy: ['latency', 'latencyIncrease', 'jitter'],
      notJudged: [{ input: 'packetLoss', reason: 'not measured: no UDP' }],
    })
  })

  it('gives no rating when none of the inputs was measured', () => {
    const missing = { missing: 'failed' }
    const readings = {
      download: missing,
      upload: missing,
      latency: missing,
      latencyIncrease: missing,
      jitter: missing,
      packetLoss: missing,
    }
    expect(scoreUse('videoCalls', readings)).toMatchObject({ rating: null, limitedBy: [] })
    expect(scoreUse('videoCalls', readings).notJudged).toHaveLength(6)
  })
})

const result = (fields: Partial<SpeedTestResult>): SpeedTestResult => ({
  download: 95,
  upload: 20,
  ping: 12,
  jitter: 2,
  serverLocation: 'Lab',
  server: 'ours',
  errors: {},
  bufferbloat: { grade: 'B', addedMs: 45, scale: '' },
  packetLoss: packetLossFor('ours'),
  ...fields,
})

describe('scoreQuality()', () => {
  it('rates a 95/20 Mbps link with 12 ms idle and 45 ms more under load, packet loss not judged', () => {
    const quality = scoreQuality(result({}))
    expect(quality.streaming).toMatchObject({ rating: 'Great' })
    expect(quality.gaming).toMatchObject({ rating: 'Average', limitedBy: ['latencyIncrease'] })
    expect(quality.videoCalls).toMatchObject({ rating: 'Good', limitedBy: ['latencyIncrease'] })
    for (const score of Object.values(quality)) {
      expect(score.notJudged).toEqual([
        {
          input: 'packetLoss',
          reason: 'not measured: browsers can only measure it over UDP, which this server does not offer',
        },
      ])
    }
  })

  it('names the failure of a rate it could not judge, and the missing grade for the increase', () => {
    const quality = scoreQuality(
      result({ upload: null, errors: { upload: 'All upload tests failed' }, bufferbloat: null }),
    )
    expect(quality.videoCalls.notJudged).toEqual([
      { input: 'upload', reason: 'All upload tests failed' },
      {
        input: 'latencyIncrease',
        reason: 'it needs the idle latency and the latency under load of a phase that ran to its end',
      },
      {
        input: 'packetLoss',
        reason: 'not measured: browsers can only measure it over UDP, which this server does not offer',
      },
    ])
  })

  it('reads the measured values from the result: rates, idle ping and jitter, the bufferbloat rise', () => {
    expect(readInputs(result({}))).toMatchObject({
      download: { value: 95 },
      upload: { value: 20 },
      latency: { value: 12 },
      jitter: { value: 2 },
      latencyIncrease: { value: 45 },
      packetLoss: { missing: expect.stringMatching(/^not measured/) },
    })
  })
})
