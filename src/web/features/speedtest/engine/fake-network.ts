// A simulated network for the engine's tests. A virtual clock moves as bytes move: each chunk a
// transfer moves advances it by the chunk's time at the link rate, so parallel transfers share the
// link. Timers (sleeps, round trips) fire when the clock passes them; when no transfer is moving,
// the clock jumps to the next timer. Every run is deterministic.
import type { SpeedEnvironment, UploadAnswer } from './environment.ts'

/** 'cut': the connection breaks once half the transfer has moved. */
export type FakeFailure = 'http-503' | 'http-429' | 'network' | 'no-body' | 'cut'

/** Link rate in Mbps; a function gets the transfer's size and the clock. */
export type FakeRate = number | ((bytes: number, now: number) => number)

export interface FakeNetworkOptions {
  downloadMbps?: FakeRate
  uploadMbps?: FakeRate
  /** Round trip of each idle latency request in turn, in ms. */
  rtts?: readonly number[]
  /** Extra round trip while a transfer is moving (a queue filling up), in ms. */
  loadedExtraMs?: number | ((direction: 'download' | 'upload') => number)
  /** Makes a request fail; `call` counts requests to that path from 0. */
  fail?: (url: string, call: number) => FakeFailure | undefined
  serverName?: string
  maxBytes?: number
  /**
   * The server's per-client byte budget for one minute of the fake clock, as the real one keeps it:
   * each transfer is charged its full size when it starts, and refused (429) once the total passes.
   */
  bytesPerMinute?: number
}

export interface FakeNetwork {
  env: SpeedEnvironment
  /** Every request as "METHOD url". */
  requests: string[]
  /** Every sleep the engine asked for, in ms. */
  sleeps: number[]
  /** Upload body sizes, in order. */
  uploads: number[]
  /** Transfers refused because the byte budget was spent. */
  refusals: string[]
  now(): number
}

const CHUNK = 64 * 1024
const ZEROES = new Uint8Array(CHUNK)
/** Chunks last at most this long on the link, so that windows cut them finely at any rate. */
const CHUNK_MS = 5
/** Each chunk waits for a macrotask turn, as network reads do, so everything else gets its turn. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

interface Timer {
  at: number
  resolve: () => void
}

export function createFakeNetwork(options: FakeNetworkOptions = {}): FakeNetwork {
  const {
    downloadMbps = 100,
    uploadMbps = 50,
    rtts = [20],
    loadedExtraMs = 0,
    fail = () => undefined,
    serverName = 'Fake Server',
    maxBytes = 100_000_000,
    bytesPerMinute,
  } = options
  let time = 0
  let pings = 0
  const moving = { download: 0, upload: 0 }
  let timers: Timer[] = []
  let idleCheck = false
  const calls = new Map<string, number>()
  const requests: string[] = []
  const sleeps: number[] = []
  const uploads: number[] = []
  const refusals: string[] = []
  let budgetWindow = { endsAt: Number.NEGATIVE_INFINITY, total: 0 }
  /** The real server's fixed window: true when `bytes` more fit this minute (they are charged either way). */
  const charge = (bytes: number) => {
    if (bytesPerMinute === undefined || bytes <= 0) return true
    if (time >= budgetWindow.endsAt) budgetWindow = { endsAt: time + 60_000, total: 0 }
    budgetWindow.total += bytes
    return budgetWindow.total <= bytesPerMinute
  }
  const REFUSED_BODY = JSON.stringify({
    error: { type: 'rate_limited', message: 'Too much speed-test traffic from your address. Try again in 30 s.' },
  })

  const fire = () => {
    const due = timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at)
    if (due.length === 0) return
    timers = timers.filter((t) => t.at > time)
    for (const t of due) t.resolve()
  }
  const advance = (ms: number) => {
    time += ms
    fire()
  }
  /** With nothing moving, time would stand still: jump to the next timer. */
  const checkIdle = () => {
    if (idleCheck) return
    idleCheck = true
    setImmediate(() => {
      idleCheck = false
      if (moving.download + moving.upload > 0 || timers.length === 0) return
      time = Math.max(time, Math.min(...timers.map((t) => t.at)))
      fire()
      checkIdle()
    })
  }
  const wait = (ms: number, signal?: AbortSignal | null): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const timer: Timer = {
        at: time + ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const onAbort = () => {
        timers = timers.filter((t) => t !== timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      timers.push(timer)
      checkIdle()
    })
  const rateOf = (rate: FakeRate, bytes: number) => (typeof rate === 'number' ? rate : rate(bytes, time))
  const msFor = (bytes: number, mbps: number) => ((bytes * 8) / (mbps * 1_000_000)) * 1000
  const chunkFor = (mbps: number) => Math.max(1, Math.min(CHUNK, Math.floor((mbps * 1_000_000 * CHUNK_MS) / 8000)))

  const body = (total: number, signal: AbortSignal | null | undefined, cut: boolean) => {
    let bytes = total
    moving.download++
    let open = true
    const end = () => {
      if (!open) return
      open = false
      moving.download--
      checkIdle()
    }
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await turn()
          if (signal?.aborted) {
            end()
            return controller.error(signal.reason)
          }
          if (cut && bytes <= total / 2) {
            end()
            return controller.error(new TypeError('network error'))
          }
          const mbps = rateOf(downloadMbps, total)
          const size = Math.min(chunkFor(mbps), bytes)
          if (size === 0) {
            end()
            return controller.close()
          }
          advance(msFor(size, mbps))
          bytes -= size
          controller.enqueue(ZEROES.subarray(0, size))
        },
        cancel: end,
      },
      { highWaterMark: 0 },
    )
  }

  async function receiveUpload(size: number, signal: AbortSignal, cut: boolean, onProgress: (sent: number) => void) {
    moving.upload++
    try {
      for (let left = size; left > 0; ) {
        await turn()
        signal.throwIfAborted()
        if (cut && left <= size / 2) throw new TypeError('the connection failed')
        const mbps = rateOf(uploadMbps, size)
        const chunk = Math.min(chunkFor(mbps), left)
        advance(msFor(chunk, mbps))
        left -= chunk
        onProgress(size - left)
      }
    } finally {
      moving.upload--
      checkIdle()
    }
  }

  /** Records the request and answers the failure asked for, if any. */
  const begin = (method: string, url: string) => {
    requests.push(`${method} ${url}`)
    const { pathname } = new URL(url)
    const call = calls.get(pathname) ?? 0
    calls.set(pathname, call + 1)
    const failure = fail(url, call)
    if (failure === 'network') throw new TypeError('Failed to fetch')
    return failure
  }
  const refusal = (failure: FakeFailure | undefined, url: string, bytes: number) => {
    if (failure === 'http-503') return { status: 503, body: 'unavailable' }
    if (failure === 'http-429') return { status: 429, body: 'too many' }
    if (charge(bytes)) return undefined
    refusals.push(url)
    return { status: 429, body: REFUSED_BODY }
  }

  async function fakeFetch(url: string, init: RequestInit): Promise<Response> {
    init.signal?.throwIfAborted()
    const failure = begin(init.method ?? 'GET', url)
    const { pathname, searchParams } = new URL(url)
    const bytes = pathname.endsWith('/down') ? Number(searchParams.get('bytes')) : 0
    const refused = refusal(failure, url, bytes)
    if (refused) return new Response(refused.body, { status: refused.status })
    if (pathname.endsWith('/server')) return Response.json({ name: serverName, maxBytes, bytesPerMinute })
    if (pathname.endsWith('/ping')) {
      const extra = (direction: 'download' | 'upload') =>
        typeof loadedExtraMs === 'number' ? loadedExtraMs : loadedExtraMs(direction)
      const loaded = moving.download > 0 ? extra('download') : moving.upload > 0 ? extra('upload') : 0
      await wait((rtts[pings++ % rtts.length] ?? 0) + loaded, init.signal)
      return failure === 'no-body' ? new Response(null) : Response.json({ pong: true })
    }
    if (pathname.endsWith('/down')) {
      return new Response(failure === 'no-body' ? null : body(bytes, init.signal, failure === 'cut'))
    }
    return new Response('not found', { status: 404 })
  }

  async function fakeUpload(
    url: string,
    upload: Blob,
    signal: AbortSignal,
    onProgress: (sent: number) => void,
  ): Promise<UploadAnswer> {
    signal.throwIfAborted()
    const failure = begin('POST', url)
    const refused = refusal(failure, url, upload.size)
    if (refused) return refused
    uploads.push(upload.size)
    await receiveUpload(upload.size, signal, failure === 'cut', onProgress)
    return { status: 200, body: JSON.stringify({ bytes: upload.size, durationMs: 1 }) }
  }

  const env: SpeedEnvironment = {
    fetch: fakeFetch,
    upload: fakeUpload,
    now: () => time,
    sleep: (ms, signal) => {
      sleeps.push(ms)
      return wait(ms, signal)
    },
    randomBytes: (size) => new Uint8Array(size).fill(7),
  }
  return { env, requests, sleeps, uploads, refusals, now: () => time }
}
