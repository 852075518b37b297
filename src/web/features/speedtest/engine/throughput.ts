// Throughput in one direction, sized to the link. A ramp on one connection grows the transfer size
// until a transfer lasts long enough to be timed; then several connections move data back to back
// for a fixed phase, each transfer sized to last about a second at the rate that connection saw.
// The rate is the bytes moved inside the phase's measurement window (after a warm-up that covers
// TCP slow start) over the window's length. While the phase runs, small requests on their own
// connection measure the round trip under load. Bytes are seen as they move in both directions
// (uploads through their progress), so a phase cut short still has a rate from what it moved; it
// fails only when no byte moved at all.
import { directionAllowance } from './byte-allowance.ts'
import { SPEED_MESSAGES, THROUGHPUT_PLAN, type ThroughputPlan, UPLOAD_BLOCK_BYTES } from './constants.ts'
import type { SpeedEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'
import { type LatencySummary, summarizeLatency } from './latency.ts'
import { toMbps } from './statistics.ts'
import { describeFailure, downloadBody, tryUrls, uploadBody, wasRefused } from './transfer.ts'

export type Direction = 'download' | 'upload'

/** How often the live rate is reported while bytes move. */
export const LIVE_RATE_INTERVAL_MS = 200

export interface MeasurementWindow {
  /** Bytes counted and the window's length. */
  bytes: number
  ms: number
  /** true when the window was too short to trust and the whole phase, warm-up included, was used. */
  wholePhase: boolean
}

export interface DirectionResult {
  direction: Direction
  /** null when nothing could be measured; `error` then says why. */
  mbps: number | null
  window: MeasurementWindow | null
  streams: number
  /** Completed transfers in the ramp and in the phase. */
  rampTransfers: number
  transfers: number
  largestTransfer: number
  /** Why the phase ended before its time, in words, when it did (the transfer that failed). */
  stoppedEarly?: string
  /** The phase ended once it had asked for its share of the server's byte budget (byte-allowance.ts). */
  allowanceSpent?: boolean
  /** Round trip while this direction was loaded; null when no probe answered. */
  loaded: LatencySummary | null
  /** Latency probes of the counted part of the phase that failed (their time is not a round trip). */
  failedProbes?: number
  error?: string
}

interface Completed {
  stream: number
  bytes: number
  startedAt: number
  endedAt: number
}

const PHASE_OVER = 'the measurement phase is over'

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

/** Bytes of `transfers` that fall inside [from, to], each spread evenly over its own duration. */
export function spreadBytes(transfers: readonly Completed[], from: number, to: number): number {
  let bytes = 0
  for (const t of transfers) {
    const overlap = Math.min(to, t.endedAt) - Math.max(from, t.startedAt)
    if (overlap <= 0) continue
    const duration = t.endedAt - t.startedAt
    bytes += duration <= 0 ? t.bytes : (t.bytes * overlap) / duration
  }
  return bytes
}

/**
 * The upload body: one block of random bytes, generated once, repeated by reference up to `size`
 * bytes in a Blob whose slices cost nothing. Browsers upload a Blob several times faster than the
 * same bytes as a typed array (Chromium reads typed-array bodies through the renderer in small
 * pieces); a Blob made of Blob parts shares their bytes instead of copying them, so no transfer
 * ever waits for new random bytes or a copy of them to be made.
 */
function payloadSource(env: SpeedEnvironment, size: number): (bytes: number) => Blob {
  const block = new Blob([env.randomBytes(Math.min(size, UPLOAD_BLOCK_BYTES))])
  const payload = new Blob(Array.from({ length: Math.ceil(size / block.size) }, () => block))
  return (bytes) => payload.slice(0, bytes)
}

export interface MeasureThroughputOptions {
  env: SpeedEnvironment
  endpoints: SpeedEndpoints
  signal: AbortSignal
  /** The largest transfer the server accepts. */
  serverMaxBytes: number
  /** The server's per-client byte budget per minute, when it has one: the test keeps to its share. */
  serverBytesPerMinute?: number
  onRate?: (mbps: number) => void
  plan?: ThroughputPlan
}

export async function measureThroughput(
  direction: Direction,
  {
    env,
    endpoints,
    signal,
    serverMaxBytes,
    serverBytesPerMinute,
    onRate = () => undefined,
    plan = THROUGHPUT_PLAN,
  }: MeasureThroughputOptions,
): Promise<DirectionResult> {
  const cap = Math.max(1, Math.min(plan.maxBytes, serverMaxBytes))
  const failedMessage = direction === 'download' ? SPEED_MESSAGES.downloadFailed : SPEED_MESSAGES.uploadFailed
  // Made before the ramp, so that no transfer's time includes making it.
  const payload = direction === 'upload' ? payloadSource(env, cap) : () => new Blob()
  const phase = new AbortController()
  const forwardAbort = () => phase.abort(signal.reason)
  signal.throwIfAborted()
  signal.addEventListener('abort', forwardAbort, { once: true })

  const allowance = directionAllowance(serverBytesPerMinute)
  /** Moves one transfer of `bytes`, telling `onBytes` the bytes as they move; returns the total. */
  const move = async (bytes: number, onBytes: (count: number) => void): Promise<number> => {
    if (direction === 'download') {
      return tryUrls(endpoints.downloadUrls(bytes), phase.signal, (url) =>
        downloadBody(env, url, phase.signal, onBytes),
      )
    }
    const body = payload(bytes)
    await tryUrls(endpoints.uploadUrls(), phase.signal, (url) => uploadBody(env, url, body, phase.signal, onBytes))
    return bytes
  }
  const failed = (error: unknown, rampTransfers: number): DirectionResult => {
    const reason = describeFailure(error)
    return {
      direction,
      mbps: null,
      window: null,
      streams: plan.streams,
      rampTransfers,
      transfers: 0,
      largestTransfer: 0,
      loaded: null,
      error: `${failedMessage}: ${reason}`,
      stoppedEarly: reason,
    }
  }

  try {
    // Ramp: one connection, growing transfers, until one lasts rampTargetMs.
    let size = Math.min(plan.firstBytes, cap)
    let rampBytesPerMs = 0
    let rampTransfers = 0
    const rampSeen = { bytes: 0, ms: 0 }
    for (let i = 0; i < plan.rampMaxTransfers; i++) {
      // The ramp leaves the phase at least half of the allowance.
      const asked = allowance.take(Math.min(size, Math.floor(allowance.left() / 2)))
      if (asked === 0) break
      const started = env.now()
      let seen = 0
      let moved: number
      try {
        moved = await move(asked, (count) => {
          seen += count
        })
      } catch (error) {
        signal.throwIfAborted()
        // What the server refused did not arrive, whatever left the browser.
        if (!wasRefused(error)) rampSeen.bytes += seen
        rampSeen.ms += env.now() - started
        if (rampSeen.bytes === 0) return failed(error, rampTransfers)
        return rampOnly(direction, plan, rampTransfers, rampSeen, describeFailure(error))
      }
      rampTransfers++
      const ms = Math.max(env.now() - started, 0.001)
      rampSeen.bytes += moved
      rampSeen.ms += ms
      rampBytesPerMs = moved / ms
      onRate(toMbps(moved, ms))
      if (ms >= plan.rampTargetMs || asked >= cap || asked < size) break
      size = Math.min(cap, Math.ceil(asked * clamp(plan.rampTargetMs / ms, 2, 8)))
    }

    // The phase: `streams` connections back to back, a probe beside them.
    const startedAt = env.now()
    const measureFrom = startedAt + plan.warmupMs
    const sizeFor = (bytesPerMs: number) => Math.round(clamp(bytesPerMs * plan.transferTargetMs, plan.firstBytes, cap))
    const completed: Completed[] = []
    /** Uploads cut short: the bytes they had sent. */
    const partial: Completed[] = []
    const arrivals: Array<[time: number, bytes: number]> = []
    const latestRate = new Array<number>(plan.streams).fill(rampBytesPerMs / plan.streams)
    const probes: number[] = []
    let failedProbes = 0
    let stoppedAt = Number.POSITIVE_INFINITY
    let stopped = false
    let stopReason: unknown
    let allowanceSpent = false
    const timer = new AbortController()
    const stop = (reason?: unknown) => {
      if (stopped) return
      stopped = true
      stoppedAt = env.now()
      stopReason = reason
      timer.abort(new Error(PHASE_OVER))
      if (direction === 'download' || reason !== undefined) phase.abort(new Error(PHASE_OVER))
    }

    let reportedAt = startedAt
    const recent: Array<[time: number, total: number]> = [[startedAt, 0]]
    let total = 0
    const onBytes = (count: number) => {
      const now = env.now()
      arrivals.push([now, count])
      total += count
      if (now - reportedAt < LIVE_RATE_INTERVAL_MS) return
      reportedAt = now
      recent.push([now, total])
      while (recent.length > 2 && now - (recent[1]?.[0] ?? now) >= 1000) recent.shift()
      const [since, before] = recent[0] ?? [startedAt, 0]
      if (now > since) onRate(toMbps(total - before, now - since))
    }

    const stream = async (index: number) => {
      let next = sizeFor(latestRate[index] ?? 0)
      while (!stopped) {
        const asked = allowance.take(next)
        if (asked === 0) {
          allowanceSpent = true
          stop()
          return
        }
        const started = env.now()
        let seen = 0
        try {
          const moved = await move(asked, (count) => {
            seen += count
            onBytes(count)
          })
          const ended = env.now()
          completed.push({ stream: index, bytes: moved, startedAt: started, endedAt: ended })
          latestRate[index] = moved / Math.max(ended - started, 0.001)
          next = Math.min(sizeFor(latestRate[index] ?? 0), asked * 4)
        } catch (error) {
          if (seen > 0 && !wasRefused(error)) {
            partial.push({ stream: index, bytes: seen, startedAt: started, endedAt: env.now() })
          }
          signal.throwIfAborted()
          if (!stopped) stop(error)
          return
        }
      }
    }

    const probe = async () => {
      while (!stopped) {
        const started = env.now()
        let answered = true
        try {
          await downloadBody(env, endpoints.pingUrl(), phase.signal, () => undefined)
        } catch {
          signal.throwIfAborted()
          if (stopped) return
          answered = false
        }
        const ended = env.now()
        if (started >= measureFrom && !stopped) {
          if (answered) probes.push(ended - started)
          else failedProbes++
        }
        try {
          await env.sleep(plan.probeIntervalMs, timer.signal)
        } catch {
          signal.throwIfAborted()
          return
        }
      }
    }

    const streams = Promise.all(Array.from({ length: plan.streams }, (_, i) => stream(i)))
    const probing = probe()
    const ticking = env.sleep(plan.phaseMs, timer.signal).then(
      () => stop(),
      () => undefined,
    )
    try {
      await Promise.race([streams, ticking])
      stop()
      if (direction === 'upload') {
        // Uploads under way finish, so their bytes count; the slowest are cut after drainMs.
        const drain = new AbortController()
        await Promise.race([streams, env.sleep(plan.drainMs, drain.signal).catch(() => undefined)])
        drain.abort()
        phase.abort(new Error(PHASE_OVER))
      }
      await Promise.all([streams, probing])
    } finally {
      stop()
      phase.abort(new Error(PHASE_OVER))
      await Promise.allSettled([streams, probing, ticking])
    }
    signal.throwIfAborted()

    const window = measuredWindow(direction, plan, { startedAt, measureFrom, stoppedAt, completed, partial, arrivals })
    const loaded = probes.length > 0 ? summarizeLatency(probes) : null
    const common = {
      direction,
      streams: plan.streams,
      rampTransfers,
      transfers: completed.length,
      largestTransfer: Math.max(0, ...completed.map((c) => c.bytes)),
      loaded,
      failedProbes,
      ...(stopReason === undefined ? {} : { stoppedEarly: describeFailure(stopReason) }),
      ...(allowanceSpent ? { allowanceSpent } : {}),
    }
    if (!window && rampSeen.bytes > 0) {
      // The phase moved nothing countable: the ramp's bytes are what was seen.
      const ramp = rampOnly(direction, plan, rampTransfers, rampSeen, common.stoppedEarly ?? '')
      return { ...common, mbps: ramp.mbps, window: ramp.window }
    }
    if (!window) {
      const reason = common.stoppedEarly ?? 'no byte moved'
      return { ...common, mbps: null, window: null, error: `${failedMessage}: ${reason}` }
    }
    return { ...common, mbps: toMbps(window.bytes, window.ms), window }
  } finally {
    signal.removeEventListener('abort', forwardAbort)
  }
}

/** A phase that never started (the ramp broke off after moving bytes): the rate of what the ramp moved. */
function rampOnly(
  direction: Direction,
  plan: ThroughputPlan,
  rampTransfers: number,
  seen: { bytes: number; ms: number },
  reason: string,
): DirectionResult {
  const ms = Math.max(seen.ms, 0.001)
  return {
    direction,
    mbps: toMbps(seen.bytes, ms),
    window: { bytes: seen.bytes, ms, wholePhase: true },
    streams: plan.streams,
    rampTransfers,
    transfers: 0,
    largestTransfer: 0,
    loaded: null,
    stoppedEarly: reason,
  }
}

interface PhaseRecord {
  startedAt: number
  measureFrom: number
  stoppedAt: number
  completed: readonly Completed[]
  partial: readonly Completed[]
  arrivals: ReadonlyArray<readonly [number, number]>
}

/**
 * The window the rate is computed over. Downloads count bytes as they arrive, up to the moment the
 * phase stopped. An upload's progress counts bytes as they leave the browser, some of which still
 * wait in its socket buffer; only the server's answer says they all arrived. So each finished
 * upload's bytes are spread over its duration, and the window ends where every connection still
 * has finished transfers behind it. When that window is too short (transfers slow or cut short),
 * the whole phase counts every byte seen, the sent part of cut uploads included.
 */
function measuredWindow(direction: Direction, plan: ThroughputPlan, phase: PhaseRecord): MeasurementWindow | null {
  const { startedAt, measureFrom, stoppedAt, completed, partial, arrivals } = phase
  if (direction === 'download') {
    const count = (from: number) =>
      arrivals.reduce((sum, [time, bytes]) => (time > from && time <= stoppedAt ? sum + bytes : sum), 0)
    if (stoppedAt - measureFrom >= plan.minWindowMs) {
      return { bytes: count(measureFrom), ms: stoppedAt - measureFrom, wholePhase: false }
    }
    const bytes = count(Number.NEGATIVE_INFINITY)
    const ms = stoppedAt - startedAt
    return bytes > 0 && ms > 0 ? { bytes, ms, wholePhase: true } : null
  }
  let end = completed.length > 0 ? stoppedAt : startedAt
  for (let stream = 0; stream < plan.streams && completed.length > 0; stream++) {
    const last = Math.max(startedAt, ...completed.filter((c) => c.stream === stream).map((c) => c.endedAt))
    end = Math.min(end, last)
  }
  if (end - measureFrom >= plan.minWindowMs) {
    return { bytes: spreadBytes(completed, measureFrom, end), ms: end - measureFrom, wholePhase: false }
  }
  const all = [...completed, ...partial]
  const bytes = all.reduce((sum, c) => sum + c.bytes, 0)
  const ms = Math.max(startedAt, ...all.map((c) => c.endedAt)) - startedAt
  return bytes > 0 && ms > 0 ? { bytes, ms, wholePhase: true } : null
}
