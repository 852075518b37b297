// A simulated network for the engine's tests: a virtual clock that moves only as bytes move at the
// configured link rates, so every run is deterministic. Parallel connections share the link.
import type { SpeedEnvironment } from './environment.ts'

export type FakeFailure = 'http-503' | 'network' | 'no-body'

export interface FakeNetworkOptions {
  /** Download link rate in Mbps, optionally per requested byte count. */
  downloadMbps?: number | ((bytes: number) => number)
  uploadMbps?: number | ((bytes: number) => number)
  /** Round trip of each latency request in turn, in ms. */
  rtts?: readonly number[]
  /** Makes a request fail; `call` counts requests to that URL from 0. */
  fail?: (url: string, call: number) => FakeFailure | undefined
  serverName?: string
}

export interface FakeNetwork {
  env: SpeedEnvironment
  /** Every request as "METHOD url". */
  requests: string[]
  sleeps: number[]
  /** Upload body sizes, in order. */
  uploads: number[]
  now(): number
}

const CHUNK = new Uint8Array(64 * 1024)

function msFor(bytes: number, mbps: number): number {
  return ((bytes * 8) / (mbps * 1_000_000)) * 1000
}

export function createFakeNetwork(options: FakeNetworkOptions = {}): FakeNetwork {
  const {
    downloadMbps = 100,
    uploadMbps = 50,
    rtts = [20],
    fail = () => undefined,
    serverName = 'Fake Server',
  } = options
  const rateOf = (rate: number | ((bytes: number) => number), bytes: number) =>
    typeof rate === 'number' ? rate : rate(bytes)
  let time = 0
  let pings = 0
  const calls = new Map<string, number>()
  const requests: string[] = []
  const sleeps: number[] = []
  const uploads: number[] = []

  const body = (bytes: number, mbps: number) =>
    new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const size = Math.min(CHUNK.length, bytes)
          if (size === 0) return controller.close()
          time += msFor(size, mbps)
          bytes -= size
          controller.enqueue(CHUNK.subarray(0, size))
        },
      },
      { highWaterMark: 0 },
    )

  async function fakeFetch(url: string, init: RequestInit): Promise<Response> {
    init.signal?.throwIfAborted()
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url}`)
    const call = calls.get(url) ?? 0
    calls.set(url, call + 1)
    const failure = fail(url, call)
    if (failure === 'network') throw new TypeError('Failed to fetch')
    if (failure === 'http-503') return new Response('unavailable', { status: 503 })
    const { pathname, searchParams } = new URL(url)
    if (pathname.endsWith('/server')) return Response.json({ name: serverName, maxBytes: 100_000_000 })
    if (pathname.endsWith('/ping')) {
      time += rtts[pings++ % rtts.length] ?? 0
      return failure === 'no-body' ? new Response(null) : Response.json({ pong: true })
    }
    if (pathname.endsWith('/down')) {
      const bytes = Number(searchParams.get('bytes'))
      return new Response(failure === 'no-body' ? null : body(bytes, rateOf(downloadMbps, bytes)))
    }
    if (pathname.endsWith('/up')) {
      const size = init.body instanceof Uint8Array ? init.body.byteLength : 0
      uploads.push(size)
      time += msFor(size, rateOf(uploadMbps, size))
      return Response.json({ bytes: size, durationMs: 1 })
    }
    return new Response('not found', { status: 404 })
  }

  const env: SpeedEnvironment = {
    fetch: fakeFetch,
    now: () => time,
    async sleep(ms, signal) {
      signal.throwIfAborted()
      sleeps.push(ms)
      time += ms
    },
    randomBytes: (size) => new Uint8Array(size).fill(7),
  }
  return { env, requests, sleeps, uploads, now: () => time }
}
