// Latency: LATENCY_SAMPLES small requests LATENCY_INTERVAL_MS apart; ping is their median round
// trip, jitter their standard deviation. Failed samples are left out; no sample at all fails.
import { LATENCY_INTERVAL_MS, LATENCY_SAMPLES, SPEED_MESSAGES } from './constants.ts'
import type { SpeedEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'
import { median, standardDeviation } from './statistics.ts'
import { downloadBody, SpeedTestError } from './transfer.ts'

/** A set of round trips: the median as ping, the standard deviation as jitter. */
export interface LatencySummary {
  ping: number
  jitter: number
  /** Round trips in ms, in the order measured. */
  samples: number[]
}

export interface LatencyResult extends LatencySummary {
  failedSamples: number
}

export function summarizeLatency(samples: number[]): LatencySummary {
  return { ping: median(samples), jitter: standardDeviation(samples), samples }
}

export async function measureLatency(
  env: SpeedEnvironment,
  endpoints: SpeedEndpoints,
  signal: AbortSignal,
  onSample: (ms: number) => void = () => undefined,
): Promise<LatencyResult> {
  const samples: number[] = []
  let failedSamples = 0
  let lastError: unknown
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    if (i > 0) await env.sleep(LATENCY_INTERVAL_MS, signal)
    const started = env.now()
    try {
      await downloadBody(env, endpoints.pingUrl(), signal, () => undefined)
      const ms = env.now() - started
      samples.push(ms)
      onSample(ms)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      failedSamples++
      lastError = error
    }
  }
  if (samples.length === 0) throw new SpeedTestError(SPEED_MESSAGES.latencyFailed, { cause: lastError })
  return { ...summarizeLatency(samples), failedSamples }
}
