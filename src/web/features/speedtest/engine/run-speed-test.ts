// The whole test (docs/product.md): select the server (10), idle latency (25), download (70),
// upload (95), complete (100). Each direction also measures the round trip under load; the rise
// over idle gives the bufferbloat grade. A measurement that fails is reported as failed, never
// filled in.
import type { SpeedTestResult } from '../../../../shared/tools/speedtest/schema.ts'
import { assessBufferbloat, gradeScale } from './bufferbloat.ts'
import { PROGRESS, SPEED_MESSAGES, THROUGHPUT_PLAN, type ThroughputPlan } from './constants.ts'
import type { SpeedEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'
import { type LatencyResult, type LatencySummary, measureLatency } from './latency.ts'
import { latencyRequestCounts } from './latency-requests.ts'
import { packetLossFor } from './packet-loss.ts'
import { spreadOf } from './percentiles.ts'
import { scoreQuality } from './quality-scores.ts'
import { roundTo } from './statistics.ts'
import { type DirectionResult, measureThroughput } from './throughput.ts'
import { SpeedTestError } from './transfer.ts'

export type SpeedPhase = 'server' | 'latency' | 'download' | 'upload' | 'done'

/** What changed; the panel merges these into what it shows. */
export interface SpeedUpdate {
  phase: SpeedPhase
  progress?: number
  serverLocation?: string
  latencySample?: number
  /** The current rate of the running download or upload, in Mbps. */
  liveMbps?: number
  ping?: number | null
  jitter?: number | null
  download?: number | null
  upload?: number | null
}

export interface SpeedTestReport {
  result: SpeedTestResult
  latency: LatencyResult | null
  download: DirectionResult
  upload: DirectionResult
}

export interface RunSpeedTestOptions {
  env: SpeedEnvironment
  endpoints: SpeedEndpoints
  signal: AbortSignal
  onUpdate?: (update: SpeedUpdate) => void
  plan?: ThroughputPlan
}

async function settleLatency(run: Promise<LatencyResult>, signal: AbortSignal): Promise<LatencyResult | Error> {
  try {
    return await run
  } catch (error) {
    if (signal.aborted) throw signal.reason
    return error instanceof SpeedTestError ? error : new SpeedTestError(SPEED_MESSAGES.latencyFailed, { cause: error })
  }
}

function loadedSummary(summary: LatencySummary | null) {
  if (!summary) return null
  return { ping: roundTo(summary.ping, 1), jitter: roundTo(summary.jitter, 1), samples: summary.samples.length }
}

/** Resolves with the report; rejects with the signal's reason when cancelled, or a SpeedTestError. */
export async function runSpeedTest({
  env,
  endpoints,
  signal,
  onUpdate = () => undefined,
  plan = THROUGHPUT_PLAN,
}: RunSpeedTestOptions): Promise<SpeedTestReport> {
  onUpdate({ phase: 'server', progress: 0 })
  let server: { name: string; maxBytes: number; bytesPerMinute?: number }
  try {
    server = await endpoints.describeServer(env, signal)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    throw new SpeedTestError(SPEED_MESSAGES.failed, { cause: error })
  }
  const serverLocation = server.name
  onUpdate({ phase: 'latency', progress: PROGRESS.serverSelected, serverLocation })

  const latency = await settleLatency(
    measureLatency(env, endpoints, signal, (ms) => onUpdate({ phase: 'latency', latencySample: ms })),
    signal,
  )
  const ping = latency instanceof Error ? null : roundTo(latency.ping, 1)
  const jitter = latency instanceof Error ? null : roundTo(latency.jitter, 1)
  onUpdate({ phase: 'download', progress: PROGRESS.latencyDone, ping, jitter })

  const options = {
    env,
    endpoints,
    signal,
    serverMaxBytes: server.maxBytes,
    serverBytesPerMinute: server.bytesPerMinute,
    plan,
  }
  const download = await measureThroughput('download', {
    ...options,
    onRate: (mbps) => onUpdate({ phase: 'download', liveMbps: mbps }),
  })
  const downloadMbps = download.mbps === null ? null : roundTo(download.mbps, 2)
  onUpdate({ phase: 'upload', progress: PROGRESS.downloadDone, download: downloadMbps })

  const upload = await measureThroughput('upload', {
    ...options,
    onRate: (mbps) => onUpdate({ phase: 'upload', liveMbps: mbps }),
  })
  const uploadMbps = upload.mbps === null ? null : roundTo(upload.mbps, 2)
  onUpdate({ phase: 'upload', progress: PROGRESS.uploadDone, upload: uploadMbps })

  if (ping === null && downloadMbps === null && uploadMbps === null) throw new SpeedTestError(SPEED_MESSAGES.failed)
  const loaded = { download: loadedSummary(download.loaded), upload: loadedSummary(upload.loaded) }
  // A phase that stopped early loaded the link for less than its time: its round trips do not grade.
  const gradable = (d: DirectionResult, summary: { ping: number } | null) =>
    d.stoppedEarly === undefined ? (summary?.ping ?? null) : null
  const bloat = assessBufferbloat(ping, {
    download: gradable(download, loaded.download),
    upload: gradable(upload, loaded.upload),
  })
  const incomplete = {
    ...(download.mbps !== null && download.stoppedEarly ? { download: download.stoppedEarly } : {}),
    ...(upload.mbps !== null && upload.stoppedEarly ? { upload: upload.stoppedEarly } : {}),
  }
  const measured: SpeedTestResult = {
    download: downloadMbps,
    upload: uploadMbps,
    ping,
    jitter,
    serverLocation,
    server: endpoints.kind,
    errors: {
      ...(latency instanceof Error ? { latency: latency.message } : {}),
      ...(download.error ? { download: download.error } : {}),
      ...(upload.error ? { upload: upload.error } : {}),
    },
    ...(Object.keys(incomplete).length > 0 ? { incomplete } : {}),
    loaded,
    bufferbloat: bloat && { grade: bloat.grade, addedMs: roundTo(bloat.addedMs, 1), scale: gradeScale() },
    percentiles: {
      idle: latency instanceof Error ? null : spreadOf(latency.samples),
      download: spreadOf(download.loaded?.samples ?? []),
      upload: spreadOf(upload.loaded?.samples ?? []),
    },
    latencyRequests: latencyRequestCounts(latency, download, upload),
    packetLoss: packetLossFor(endpoints.kind),
  }
  const result: SpeedTestResult = { ...measured, quality: scoreQuality(measured) }
  onUpdate({ phase: 'done', progress: PROGRESS.complete })
  return { result, latency: latency instanceof Error ? null : latency, download, upload }
}
