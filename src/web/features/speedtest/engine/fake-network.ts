// A simulated network for the engine's tests. A virtual clock moves as bytes move: each chunk a
// transfer moves advances it by the chunk's time at the link rate, so parallel transfers share the
// link. Timers (sleeps, round trips) fire when the clock passes them; when no transfer is moving,
// the clock jumps to the next timer. Every run is deterministic.
import type { SpeedEnvironment } from './environment.ts'

export type FakeFailure = 'http-503' | 'http-429' | 'network' | 'no-body'

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
}

export interface FakeNetwork {
  env: SpeedEnvironment
  /** Every request as "METHOD url". */
  requests: string[]
  /** Every sleep the engine asked for, in ms. */
  sleeps: number[]
  /** Upload body sizes, in order. */
  uploads: number[]
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

  const body = (total: number, signal: AbortSignal | null | undefined) => {
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

  async function receiveUpload(size: number, signal: AbortSignal | null | undefined) {
    moving.upload++
    try {
      for (let left = size; left > 0; ) {
        await turn()
        signal?.throwIfAborted()
        const mbps = rateOf(uploadMbps, size)
        const chunk = Math.min(chunkFor(mbps), left)
        advance(msFor(chunk, mbps))
        left -= chunk
      }
    } finally {
      moving.upload--
      checkIdle()
    }
  }

  async function fakeFetch(url: string, init: RequestInit): Promise<Response> {
    init.signal?.throwIfAborted()
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url}`)
    const { pathname, searchParams } = new URL(url)
    const call = calls.get(pathname) ?? 0
    calls.set(pathname, call + 1)
    const failure = fail(url, call)
    if (failure === 'network') throw new TypeError('Failed to fetch')
    if (failure === 'http-503') return new Response('unavailable', { status: 503 })
    if (failure === 'http-429') return new Response('too many', { status: 429 })
    if (pathname.endsWith('/server')) return Response.json({ name: serverName, maxBytes })
    if (pathname.endsWith('/ping')) {
      const extra = (direction: 'download' | 'upload') =>
        typeof loadedExtraMs === 'number' ? loadedExtraMs : loadedExtraMs(direction)
      const loaded = moving.download > 0 ? extra('download') : moving.upload > 0 ? extra('upload') : 0
      await wait((rtts[pings++ % rtts.length] ?? 0) + loaded, init.signal)
      return failure === 'no-body' ? new Response(null) : Response.json({ pong: true })
    }
    if (pathname.endsWith('/down')) {
      const bytes = Number(searchParams.get('bytes'))
      return new Response(failure === 'no-body' ? null : body(bytes, init.signal))
    }
    if (pathname.endsWith('/up')) {
      const size =
        init.body instanceof Blob ? init.body.size : init.body instanceof Uint8Array ? init.body.byteLength : 0
      uploads.push(size)
      await receiveUpload(size, init.signal)
      return Response.json({ bytes: size, durationMs: 1 })
    }
    return new Response('not found', { status: 404 })
  }

  const env: SpeedEnvironment = {
    fetch: fakeFetch,
    now: () => time,
    sleep: (ms, signal) => {
      sleeps.push(ms)
      return wait(ms, signal)
    },
    randomBytes: (size) => new Uint8Array(size).fill(7),
  }
  return { env, requests, sleeps, uploads, now: () => time }
}
