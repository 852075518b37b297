// How many latency requests each phase sent and how many of them failed or timed out. A request
// that failed over HTTP is not a lost packet (TCP resends those): it is counted here, as what it is.
import type { LatencyRequestCount } from '../../../../shared/tools/speedtest/schema.ts'
import { LatencyFailed, type LatencyResult } from './latency.ts'
import type { DirectionResult } from './throughput.ts'

function idleCount(latency: LatencyResult | Error): LatencyRequestCount | null {
  if (latency instanceof LatencyFailed) {
    const { failedSamples: failed, timedOutSamples: timedOut } = latency
    return { sent: failed + timedOut, failed, timedOut }
  }
  if (latency instanceof Error) return null
  const failed = latency.failedSamples
  const timedOut = latency.timedOutSamples ?? 0
  return { sent: latency.samples.length + failed + timedOut, failed, timedOut }
}

/** Probes under load have no deadline of their own (the phase's end is theirs): none time out. */
function loadedCount(direction: DirectionResult): LatencyRequestCount | null {
  const answered = direction.loaded?.samples.length ?? 0
  const failed = direction.failedProbes ?? 0
  return answered + failed === 0 ? null : { sent: answered + failed, failed, timedOut: 0 }
}

export function latencyRequestCounts(
  latency: LatencyResult | Error,
  download: DirectionResult,
  upload: DirectionResult,
) {
  return { idle: idleCount(latency), download: loadedCount(download), upload: loadedCount(upload) }
}
