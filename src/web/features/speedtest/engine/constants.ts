// The speed-test algorithm's constants and messages (docs/product.md). Rates are reported as
// measured: nothing is scaled, and nothing is filled in when a measurement fails.

/**
 * Idle latency: this many small requests, this far apart, before any load (20, so that the 90th
 * percentile rests on more than one sample). A request with no answer after LATENCY_TIMEOUT_MS is
 * given up and counted as timed out.
 */
export const LATENCY_SAMPLES = 20
export const LATENCY_INTERVAL_MS = 100
export const LATENCY_TIMEOUT_MS = 2000

/**
 * Throughput, for each direction. A ramp on one connection grows the transfer size until one
 * transfer lasts RAMP_TARGET_MS; then STREAMS connections move data back to back for PHASE_MS,
 * each transfer sized to last about TRANSFER_TARGET_MS at the rate seen so far. Bytes moved in the
 * first WARMUP_MS of that phase (TCP slow start, connections opening) are not counted.
 */
export interface ThroughputPlan {
  streams: number
  firstBytes: number
  rampTargetMs: number
  rampMaxTransfers: number
  transferTargetMs: number
  phaseMs: number
  warmupMs: number
  /** Uploads still running when the phase ends get this long to finish before they are cut. */
  drainMs: number
  /** Loaded latency: one small request at a time, this far apart, while the phase runs. */
  probeIntervalMs: number
  /** Transfers are never larger than this (the server's own cap may be lower). */
  maxBytes: number
  /** A window shorter than this is not trusted; the whole phase is used instead. */
  minWindowMs: number
}

export const THROUGHPUT_PLAN: ThroughputPlan = {
  streams: 4,
  firstBytes: 100_000,
  rampTargetMs: 250,
  rampMaxTransfers: 8,
  transferTargetMs: 1000,
  phaseMs: 7000,
  warmupMs: 2000,
  drainMs: 3000,
  probeIntervalMs: 200,
  maxBytes: 100_000_000,
  minWindowMs: 1000,
}

/**
 * The upload payload repeats one block of this many random bytes. Small enough for the browser to
 * take at once: a 16 MiB block held up the first upload past the ramp's target time, so the ramp
 * stopped after one transfer and the phase began with transfers far too small for a fast link.
 */
export const UPLOAD_BLOCK_BYTES = 1024 * 1024

/**
 * Bufferbloat: how much the median round trip rose under load over idle, in ms. The grade is the
 * first whose bound the rise stays under; F otherwise.
 */
export const BUFFERBLOAT_GRADES = [
  { grade: 'A+', belowMs: 5 },
  { grade: 'A', belowMs: 30 },
  { grade: 'B', belowMs: 60 },
  { grade: 'C', belowMs: 200 },
  { grade: 'D', belowMs: 400 },
] as const

export const PROGRESS = {
  serverSelected: 10,
  latencyDone: 25,
  downloadDone: 70,
  uploadDone: 95,
  complete: 100,
} as const

export const SPEED_MESSAGES = {
  cancelled: 'Test cancelled.',
  failed: 'Test failed. Please check your connection and try again.',
  latencyFailed: 'Latency measurement failed',
  downloadFailed: 'All download tests failed',
  connectionFailed: 'All URLs failed for this connection',
  noReader: 'Stream reader not available',
  uploadFailed: 'All upload tests failed',
} as const
