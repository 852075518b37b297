// Quality ratings for streaming, gaming and video calls. Each input a use depends on is rated
// against its bounds (quality-thresholds.ts); the use gets the lowest rating among the inputs that
// were measured. An input that was not measured is listed as not judged with the reason, and
// leaves the rating to the others: it is never filled in with a guess.
import type {
  QualityInput,
  QualityRating,
  QualityScore,
  SpeedTestResult,
} from '../../../../shared/tools/speedtest/schema.ts'
import { BOUNDED_RATINGS, type Bounds, QUALITY_INPUTS, QUALITY_USES, type QualityUse } from './quality-thresholds.ts'

const ORDER: readonly QualityRating[] = ['Bad', 'Poor', 'Average', 'Good', 'Great']

/** The rating `value` earns against `bounds` for an input of this sense. */
export function rateInput(input: QualityInput, value: number, bounds: Bounds): QualityRating {
  const { sense } = QUALITY_INPUTS[input]
  const index = bounds.findIndex((bound) => (sense === 'atLeast' ? value >= bound : value < bound))
  return BOUNDED_RATINGS[index] ?? 'Bad'
}

export type InputReading = { value: number } | { missing: string }

/** Each input's measured value, or why there is none, as the result has it. */
export function readInputs(result: SpeedTestResult): Record<QualityInput, InputReading> {
  const rate = (direction: 'download' | 'upload'): InputReading => {
    const value = result[direction]
    return value === null ? { missing: result.errors[direction] ?? `the ${direction} failed` } : { value }
  }
  const idle = (value: number | null): InputReading =>
    value === null ? { missing: 'the idle latency could not be measured' } : { value }
  return {
    download: rate('download'),
    upload: rate('upload'),
    latency: idle(result.ping),
    jitter: idle(result.jitter),
    latencyIncrease: result.bufferbloat
      ? { value: result.bufferbloat.addedMs }
      : { missing: 'it needs the idle latency and the latency under load of a phase that ran to its end' },
    packetLoss: { missing: result.packetLoss ? `not measured: ${result.packetLoss.reason}` : 'not measured' },
  }
}

export function scoreUse(use: QualityUse, readings: Record<QualityInput, InputReading>): QualityScore {
  const rated: Array<{ input: QualityInput; rating: QualityRating }> = []
  const notJudged: QualityScore['notJudged'] = []
  for (const [input, bounds] of Object.entries(QUALITY_USES[use].bounds) as Array<[QualityInput, Bounds]>) {
    const reading = readings[input]
    if ('value' in reading) rated.push({ input, rating: rateInput(input, reading.value, bounds) })
    else notJudged.push({ input, reason: reading.missing })
  }
  if (rated.length === 0) return { rating: null, limitedBy: [], notJudged }
  const lowest = rated.reduce(
    (low, r) => (ORDER.indexOf(r.rating) < ORDER.indexOf(low) ? r.rating : low),
    'Great' as QualityRating,
  )
  return { rating: lowest, limitedBy: rated.filter((r) => r.rating === lowest).map((r) => r.input), notJudged }
}

export function scoreQuality(result: SpeedTestResult): NonNullable<SpeedTestResult['quality']> {
  const readings = readInputs(result)
  return {
    streaming: scoreUse('streaming', readings),
    gaming: scoreUse('gaming', readings),
    videoCalls: scoreUse('videoCalls', readings),
  }
}
