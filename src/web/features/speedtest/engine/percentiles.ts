// The spread of a set of round trips: minimum, quartiles, median, 90th percentile and maximum. A
// percentile between two samples is interpolated linearly between them (the method spreadsheets
// call PERCENTILE.INC), so the median here is the same as statistics.ts's median.
import type { LatencySpread } from '../../../../shared/tools/speedtest/schema.ts'
import { roundTo } from './statistics.ts'

/** The `fraction` (0–1) percentile of `sorted`, which must be sorted ascending and not empty. */
export function percentileOf(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no values')
  const position = (sorted.length - 1) * fraction
  const below = Math.floor(position)
  const low = sorted[below] ?? 0
  const high = sorted[Math.ceil(position)] ?? low
  return low + (high - low) * (position - below)
}

/** null for no samples; figures rounded to 0.1 ms, as the result's other latencies are. */
export function spreadOf(samples: readonly number[]): LatencySpread | null {
  if (samples.length === 0) return null
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (fraction: number) => roundTo(percentileOf(sorted, fraction), 1)
  return {
    min: at(0),
    p25: at(0.25),
    median: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    max: at(1),
    samples: sorted.length,
  }
}
