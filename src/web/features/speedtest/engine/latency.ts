// Latency: LATENCY_SAMPLES small requests LATENCY_INTERVAL_MS apart; ping is their median round
// trip, jitter their standard deviation. Failed samples, and samples with no answer within
// LATENCY_TIMEOUT_MS, are counted apart and left out; no sample at all fails.
import { LATENCY_INTERVAL_MS, LATENCY_SAMPLES, LATENCY_TIMEOUT_MS, SPEED_MESSAGES } from './constants.ts'
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
  /** Requests that failed (refused, connection lost), not counting those that timed out. */
  failedSamples: number
  /** Requests given up after LATENCY_TIMEOUT_MS without an answer. */
  timedOutSamples?: number
}

/** Every idle latency request failed; the counts say how many failed and how many timed out. */
export class LatencyFailed extends SpeedTestError {
  readonly failedSamples: number
  readonly timedOutSamples: number
  constructor(counts: { failedSamples: number; timedOutSamples: number }, options?: ErrorOptions) {
    super(SPEED_MESSAGES.latencyFailed, options)
    this.failedSamples = counts.failedSamples
    this.timedOutSamples = counts.timedOutSamples
  }
}

/** One round trip, given up when no answer came within LATENCY_TIMEOUT_MS. */
async function timedRoundTrip(env: SpeedEnvironment, url: string, signal: AbortSignal) {
  const deadline = new AbortController()
  const timer = new AbortController()
  env.sleep(LATENCY_TIMEOUT_MS, timer.signal).then(
    () => deadline.abort(new Error(`no answer within ${LATENCY_TIMEOUT_MS} ms`)),
    () => undefined,
  )
  const started = env.now()
  try {
    await downloadBody(env, url, AbortSignal.any([signal, deadline.signal]), () => undefined)
    return { ms: env.now() - started }
  } catch (error) {
    if (signal.aborted) throw signal.reason
    return { error, timedOut: deadline.signal.aborted }
  } finally {
    timer.abort()
  }
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
  let timedOutSamples = 0
  let lastError: unknown
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    if (i > 0) await env.sleep(LATENCY_INTERVAL_MS, signal)
    const trip = await timedRoundTrip(env, endpoints.pingUrl(), signal)
    if (trip.ms !== undefined) {
      samples.push(trip.ms)
      onSample(trip.ms)
    } else {
      if (trip.timedOut) timedOutSamples++
      else failedSamples++
      lastError = trip.error
    }
  }
  if (samples.length === 0) throw new LatencyFailed({ failedSamples, timedOutSamples }, { cause: lastError })
  return { ...summarizeLatency(samples), failedSamples, timedOutSamples }
}
