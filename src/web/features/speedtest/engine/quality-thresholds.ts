// The bounds of the quality ratings for streaming, gaming and video calls (docs/speed-test.md,
// "Quality ratings"). Each use names the inputs it depends on; each input has four bounds, for
// Great, Good, Average and Poor in turn, and anything beyond the last is Bad. Rates must reach a
// bound (at least); times and loss must stay under it (below).
import type { QualityInput, QualityRating } from '../../../../shared/tools/speedtest/schema.ts'

export type QualityUse = 'streaming' | 'gaming' | 'videoCalls'

/** Great, Good, Average, Poor: the ratings a bound can give, best first; Bad is what is left. */
export const BOUNDED_RATINGS = ['Great', 'Good', 'Average', 'Poor'] as const satisfies readonly QualityRating[]

export type Bounds = readonly [great: number, good: number, average: number, poor: number]

export interface InputMeaning {
  unit: 'Mbps' | 'ms' | '%'
  /** 'atLeast': the value must reach the bound; 'below': it must stay under it. */
  sense: 'atLeast' | 'below'
}

export const QUALITY_INPUTS: Readonly<Record<QualityInput, InputMeaning>> = {
  download: { unit: 'Mbps', sense: 'atLeast' },
  upload: { unit: 'Mbps', sense: 'atLeast' },
  latency: { unit: 'ms', sense: 'below' },
  latencyIncrease: { unit: 'ms', sense: 'below' },
  jitter: { unit: 'ms', sense: 'below' },
  packetLoss: { unit: '%', sense: 'below' },
}

/** Names of the inputs: QUALITY_INPUT_LABELS in src/shared/tools/speedtest/quality-lines.ts. */
export interface QualityUseDefinition {
  label: string
  /** The inputs judged for this use, in the order shown, each with its bounds. */
  bounds: Partial<Record<QualityInput, Bounds>>
}

export const QUALITY_USES: Readonly<Record<QualityUse, QualityUseDefinition>> = {
  streaming: {
    label: 'Streaming',
    bounds: {
      download: [50, 25, 10, 3],
      latency: [50, 100, 200, 500],
      latencyIncrease: [50, 100, 200, 500],
      packetLoss: [1, 2, 5, 10],
    },
  },
  gaming: {
    label: 'Gaming',
    bounds: {
      latency: [20, 50, 100, 500],
      latencyIncrease: [10, 20, 50, 100],
      jitter: [10, 20, 50, 100],
      packetLoss: [0.5, 1, 2, 5],
    },
  },
  videoCalls: {
    label: 'Video calls',
    bounds: {
      download: [10, 4, 2, 1],
      upload: [10, 4, 2, 1],
      latency: [50, 100, 200, 500],
      latencyIncrease: [20, 50, 100, 200],
      jitter: [10, 20, 50, 100],
      packetLoss: [0.5, 1, 2, 5],
    },
  },
}
