// The speed test's wire shapes (docs/product.md).
import { z } from 'zod'

/** Which server the browser measures against. */
export const speedServerKind = z.enum(['ours', 'cloudflare'])
export type SpeedServerKind = z.infer<typeof speedServerKind>

/**
 * GET /api/speed/server: how this server names itself, the largest transfer it accepts and the bytes
 * one client may move per minute (downloads and uploads together; absent: no such limit). A test
 * keeps to half of that budget, so that a second test right after the first still fits.
 */
export const speedServerInfo = z.object({
  name: z.string(),
  maxBytes: z.number().int().positive(),
  bytesPerMinute: z.number().int().positive().optional(),
})
export type SpeedServerInfo = z.infer<typeof speedServerInfo>

/** GET /api/speed/ping. */
export const speedPingAnswer = z.object({ pong: z.literal(true) })

/** POST /api/speed/up: bytes received and how long receiving took on the server. */
export const speedUploadAnswer = z.object({
  bytes: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
})
export type SpeedUploadAnswer = z.infer<typeof speedUploadAnswer>

const rate = z.number().nonnegative().max(1_000_000).nullable()
const failure = z.string().max(200).optional()

/** Round trip while a direction was loaded: median and standard deviation of the probes, in ms. */
export const loadedLatency = z.object({
  ping: z.number().nonnegative().max(1_000_000),
  jitter: z.number().nonnegative().max(1_000_000),
  samples: z.number().int().nonnegative().max(10_000),
})
export type LoadedLatency = z.infer<typeof loadedLatency>

export const bufferbloatGrade = z.enum(['A+', 'A', 'B', 'C', 'D', 'F'])

const ms = z.number().nonnegative().max(1_000_000)

/** How a set of round trips spreads, in ms: percentiles interpolated between the sorted samples. */
export const latencySpread = z.object({
  min: ms,
  p25: ms,
  median: ms,
  p75: ms,
  p90: ms,
  max: ms,
  samples: z.number().int().nonnegative().max(10_000),
})
export type LatencySpread = z.infer<typeof latencySpread>

/** Latency requests of one phase: how many were sent, and how many failed or got no answer in time. */
export const latencyRequestCount = z.object({
  sent: z.number().int().nonnegative().max(10_000),
  failed: z.number().int().nonnegative().max(10_000),
  timedOut: z.number().int().nonnegative().max(10_000),
})
export type LatencyRequestCount = z.infer<typeof latencyRequestCount>

export const qualityRating = z.enum(['Bad', 'Poor', 'Average', 'Good', 'Great'])
export type QualityRating = z.infer<typeof qualityRating>
export const qualityInput = z.enum(['download', 'upload', 'latency', 'latencyIncrease', 'jitter', 'packetLoss'])
export type QualityInput = z.infer<typeof qualityInput>

/**
 * A use's rating: the lowest rating among the inputs that were measured (null when none was), the
 * inputs that set it, and the inputs that could not be judged with the reason in words.
 */
export const qualityScore = z.object({
  rating: qualityRating.nullable(),
  limitedBy: z.array(qualityInput).max(6),
  notJudged: z.array(z.object({ input: qualityInput, reason: z.string().max(200) })).max(6),
})
export type QualityScore = z.infer<typeof qualityScore>

/**
 * A finished test. A measurement that failed is null, with the reason under `errors`; nothing is
 * ever filled in with a made-up number. Rates in Mbps, times in ms.
 */
export const speedTestResult = z.object({
  download: rate,
  upload: rate,
  ping: rate,
  jitter: rate,
  serverLocation: z.string().min(1).max(200),
  server: speedServerKind,
  errors: z.object({ latency: failure, download: failure, upload: failure }).default({}),
  /**
   * A direction whose phase stopped before its time, and why; its rate counts the bytes moved until
   * then. Such a direction's latency under load does not count towards the bufferbloat grade.
   */
  incomplete: z.object({ download: failure, upload: failure }).optional(),
  /** Latency while downloading and while uploading; null where no probe answered. */
  loaded: z.object({ download: loadedLatency.nullable(), upload: loadedLatency.nullable() }).optional(),
  /** How much loading the link raised the round trip; null when there was nothing to compare. */
  bufferbloat: z
    .object({ grade: bufferbloatGrade, addedMs: z.number().nonnegative().max(1_000_000), scale: z.string().max(200) })
    .nullable()
    .optional(),
  /** The spread of the idle and loaded round trips; null where no sample was taken. */
  percentiles: z
    .object({ idle: latencySpread.nullable(), download: latencySpread.nullable(), upload: latencySpread.nullable() })
    .optional(),
  /** Latency requests that failed or timed out (a failed request is not a lost packet). */
  latencyRequests: z
    .object({
      idle: latencyRequestCount.nullable(),
      download: latencyRequestCount.nullable(),
      upload: latencyRequestCount.nullable(),
    })
    .optional(),
  /** Packet loss needs an unreliable transport; over HTTP it is not measured, and the reason says so. */
  packetLoss: z.object({ measured: z.literal(false), reason: z.string().max(200) }).optional(),
  /** Ratings for streaming, gaming and video calls. */
  quality: z.object({ streaming: qualityScore, gaming: qualityScore, videoCalls: qualityScore }).optional(),
})
export type SpeedTestResult = z.infer<typeof speedTestResult>

/** POST /api/speed/result answer: whether the result was saved to the caller's history. */
export const speedSaveAnswer = z.object({ saved: z.boolean() })
