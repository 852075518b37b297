// The speed-test algorithm's constants and messages (docs/product.md). Rates are reported as
// measured: the product's down-scaling factors and fallback numbers are deliberately left out.

export const LATENCY_SAMPLES = 10
export const LATENCY_INTERVAL_MS = 100

export interface DownloadStage {
  bytes: number
  connections: number
}

export const DOWNLOAD_STAGES: readonly DownloadStage[] = [
  { bytes: 10_485_760, connections: 2 },
  { bytes: 25_000_000, connections: 4 },
  { bytes: 50_000_000, connections: 4 },
]
export const DOWNLOAD_PAUSE_MS = 1500
/** A stage whose connections took this long or less on average is ignored. */
export const MIN_STAGE_AVERAGE_MS = 100

export const UPLOAD_SIZES: readonly number[] = [262_144, 524_288, 1_048_576]
export const UPLOAD_PAUSE_MS = 500
/** An upload that took less than this is ignored. */
export const MIN_UPLOAD_SECONDS = 0.05

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
