// One HTTP(S) exchange with an address that passed the target policy: the connection's lookup is
// pinned to that checked address (never a second resolution), no cookies, a capped body read, a
// deadline, and the time of each phase. Redirects are the caller's business (one hop per call).
import type { LookupAddress } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction, type Socket } from 'node:net'
import type { SecureContextOptions, TLSSocket } from 'node:tls'
import { PolicyDeniedError } from './guarded-connect.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { TargetPolicy } from './policy.ts'

export interface HttpHopOptions {
  url: URL
  /** The checked address of url's host; the only address the connection may use. */
  address: IpLiteral
  policy: TargetPolicy
  signal: AbortSignal
  timeoutMs: number
  method?: 'GET' | 'HEAD' | 'POST'
  headers?: Record<string, string>
  /** The request body (POST); sent with its Content-Length. */
  body?: Buffer
  /** Trust anchors for HTTPS; absent means Node's defaults. */
  ca?: SecureContextOptions['ca']
  /** Refuse an unverifiable certificate (default true); false records the verdict and goes on. */
  verifyCertificate?: boolean
  /** Body bytes read at most (default 1 MiB); the rest is left unread. */
  maxBodyBytes?: number
  /** Keep the body bytes read (up to maxBodyBytes) in the answer's `body`. */
  keepBody?: boolean
}

export interface HttpHopTimings {
  connectMs: number | null
  tlsMs: number | null
  firstByteMs: number | null
  totalMs: number
}

export interface HttpHopTls {
  protocol: string | null
  cipher: string | null
  authorized: boolean
  authorizationError: string | null
}

export interface HttpHopResponse {
  status: number
  statusText: string
  httpVersion: string
  headers: { name: string; value: string }[]
  bodyBytes: number
  bodyTruncated: boolean
  /** The body read, when asked for with keepBody. */
  body?: Buffer
  timings: HttpHopTimings
  tls: HttpHopTls | null
}

/** Where the exchange stopped: before a connection, during TLS, before any answer, or on the clock. */
export type HttpHopFailure = 'connect' | 'tls' | 'no-response' | 'timeout' | 'aborted'

export class HttpHopError extends Error {
  readonly kind: HttpHopFailure
  readonly code: string | undefined
  readonly timings: HttpHopTimings

  constructor(kind: HttpHopFailure, code: string | undefined, timings: HttpHopTimings, options?: ErrorOptions) {
    super(`${kind}${code ? ` (${code})` : ''}`, options)
    this.name = 'HttpHopError'
    this.kind = kind
    this.code = code
    this.timings = timings
  }
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** The URL's host without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/** A lookup that answers only for the URL's host, and only with the checked address. */
function pinnedLookup(host: string, address: IpLiteral): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== host) {
      const error: NodeJS.ErrnoException = new Error(`unexpected lookup of ${hostname}`)
      error.code = 'ENOTFOUND'
      callback(error, '', 0)
      return
    }
    const answer: LookupAddress = { address: address.address, family: address.family }
    if (options.all) callback(null, [answer])
    else callback(null, answer.address, answer.family)
  }
}

function describeTls(socket: Socket): HttpHopTls | null {
  if (!('encrypted' in socket)) return null
  const secure = socket as TLSSocket
  return {
    protocol: secure.getProtocol() ?? null,
    cipher: secure.getCipher()?.standardName ?? null,
    authorized: secure.authorized,
    authorizationError: secure.authorizationError ? String(secure.authorizationError) : null,
  }
}

export function requestHop(options: HttpHopOptions): Promise<HttpHopResponse> {
  const decision = options.policy.check(options.address.address)
  if (!decision.allowed) return Promise.reject(new PolicyDeniedError(options.policy.explain(decision)))
  const { url } = options
  const secure = url.protocol === 'https:'
  const host = isIP(bareHost(url)) ? options.address.address : bareHost(url)
  const started = performance.now()
  const marks: { connect?: number; tls?: number; firstByte?: number } = {}
  const since = (mark: number | undefined) => (mark === undefined ? null : Math.round(mark - started))
  const timings = (): HttpHopTimings => ({
    connectMs: since(marks.connect),
    tlsMs: marks.tls === undefined || marks.connect === undefined ? null : Math.round(marks.tls - marks.connect),
    firstByteMs: since(marks.firstByte),
    totalMs: Math.round(performance.now() - started),
  })

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      method: options.method ?? 'GET',
      host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        accept: '*/*',
        ...options.headers,
        ...(options.body ? { 'content-length': String(options.body.length) } : {}),
        host: url.host,
      },
      lookup: pinnedLookup(host, options.address),
      family: options.address.family,
      agent: false,
      ...(secure ? { ca: options.ca, rejectUnauthorized: options.verifyCertificate ?? true } : {}),
    })
    let settled = false
    const fail = (kind: HttpHopFailure, cause?: unknown) => {
      if (settled) return
      settled = true
      cleanup()
      request.destroy()
      reject(new HttpHopError(kind, (cause as NodeJS.ErrnoException | undefined)?.code, timings(), { cause }))
    }
    const onAbort = () => fail('aborted', options.signal.reason)
    const timer = setTimeout(() => fail('timeout'), options.timeoutMs)
    const cleanup = () => {
      clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
    }
    if (options.signal.aborted) return onAbort()
    options.signal.addEventListener('abort', onAbort, { once: true })

    request.once('socket', (socket: Socket) => {
      socket.once('connect', () => (marks.connect = performance.now()))
      socket.once('secureConnect', () => (marks.tls = performance.now()))
    })
    request.on('error', (error) => {
      // Once the answer has begun, a reset only cuts its body: the response handlers finish it.
      if (marks.firstByte !== undefined) return
      if (marks.connect === undefined) return fail('connect', error)
      if (secure && marks.tls === undefined) return fail('tls', error)
      fail('no-response', error)
    })
    request.once('response', (response: IncomingMessage) => {
      marks.firstByte = performance.now()
      const tls = describeTls(response.socket)
      const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
      let bodyBytes = 0
      const chunks: Buffer[] = []
      const finish = (bodyTruncated: boolean) => {
        if (settled) return
        settled = true
        cleanup()
        const headers: { name: string; value: string }[] = []
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
          headers.push({ name: response.rawHeaders[i] ?? '', value: response.rawHeaders[i + 1] ?? '' })
        }
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          httpVersion: response.httpVersion,
          headers,
          bodyBytes,
          bodyTruncated,
          ...(options.keepBody ? { body: Buffer.concat(chunks).subarray(0, limit) } : {}),
          timings: timings(),
          tls,
        })
        response.destroy()
      }
      response.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length
        if (options.keepBody) chunks.push(chunk)
        if (bodyBytes >= limit) finish(true)
      })
      response.once('end', () => finish(false))
      response.on('error', () => finish(true))
      response.once('close', () => finish(!response.complete))
    })
    request.end(options.body)
  })
}
