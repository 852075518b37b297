// Summaries of latency samples: the median (ping) and the population standard deviation (jitter).

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? 0
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2
}

export function standardDeviation(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('standard deviation of no values')
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length
  return Math.sqrt(variance)
}

/** Megabits per second of `bytes` moved in `ms` milliseconds. */
export function toMbps(bytes: number, ms: number): number {
  return (bytes * 8) / (ms / 1000) / 1_000_000
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
