// HTTP(S) GET (or a POST, never redirected) only to addresses that passed the target policy: the host is resolved once, each
// exchange is one requestHop to the checked IP (Host header and TLS server name from the URL), the
// body is capped, the whole exchange has a deadline, and redirects go through the one redirect loop
// (follow-redirects.ts), which resolves and checks every hop again.
import type { IncomingHttpHeaders } from 'node:http'
import type { SecureContextOptions } from 'node:tls'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { followRedirects, type HopExchange, lastHop, type RedirectStop } from './follow-redirects.ts'
import { HttpHopError, type HttpHopResponse, requestHop } from './guarded-http-request.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { Net } from './net.ts'
import { describeTlsFailure } from './tls-failure-words.ts'

export interface GuardedFetchOptions {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  signal: AbortSignal
  /** Largest body accepted (default 1 MiB). */
  maxBytes?: number
  /** Deadline of the whole exchange, redirects included (default 10 s). */
  timeoutMs?: number
  /** Redirects followed, each re-resolved and re-checked (default 0: a 3xx is returned as is). */
  maxRedirects?: number
  headers?: Record<string, string>
  /** GET (default), or POST with `body` (a webhook); a redirect is then answered as it is. */
  method?: 'GET' | 'POST'
  body?: Buffer
  /** Extra trust anchors for HTTPS (e.g. a private CA). */
  ca?: SecureContextOptions['ca']
}

export interface GuardedResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  /** The URL that gave this answer (after redirects). */
  url: string
  /** The checked address the answer came from. */
  address: string
  /** URLs that redirected here, in order. */
  redirects: string[]
}

export type GuardedFetchFailure = 'policy' | 'resolve' | 'timeout' | 'too-large' | 'network' | 'url'

export class GuardedFetchError extends Error {
  readonly kind: GuardedFetchFailure
  readonly failureSource: FailureSource

  constructor(kind: GuardedFetchFailure, message: string, failureSource: FailureSource, options?: ErrorOptions) {
    super(message, options)
    this.name = 'GuardedFetchError'
    this.kind = kind
    this.failureSource = failureSource
  }
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

function parseUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch (cause) {
    throw new GuardedFetchError('url', `${text} is not a valid URL`, 'target', { cause })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('url', `${url.protocol} URLs are not supported`, 'target')
  }
  const refused = refuseCredentials(url)
  if (refused) throw new GuardedFetchError('url', refused, 'target')
  return url
}

function refuseCredentials(url: URL): string | undefined {
  return url.username || url.password ? 'URLs with credentials are not supported' : undefined
}

/** Raw header pairs as Node's lowercase header object (repeated headers joined with ", "). */
function headerObject(pairs: HttpHopResponse['headers']): IncomingHttpHeaders {
  const headers: Record<string, string> = {}
  for (const { name, value } of pairs) {
    const key = name.toLowerCase()
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value
  }
  return headers
}

function errorCode(error: unknown): string | undefined {
  return error instanceof HttpHopError ? error.code : (error as NodeJS.ErrnoException).code
}

function describeFailure(error: unknown, url: URL, address: IpLiteral, hop: HopExchange, timeoutMs: number): Error {
  if (error instanceof GuardedFetchError) return error
  const hopTimedOut = error instanceof HttpHopError && error.kind === 'timeout'
  if (hop.deadline.aborted || hopTimedOut) {
    return new GuardedFetchError('timeout', `No answer from ${url.host} within ${timeoutMs} ms`, 'target', {
      cause: error,
    })
  }
  if (hop.signal.aborted) return new GuardedFetchError('timeout', 'Request aborted', 'target', { cause: error })
  const detail = errorCode(error) ? describeTlsFailure(error) : (error as Error).message
  return new GuardedFetchError('network', `${url.host} (${address.address}): ${detail}`, 'target', { cause: error })
}

/** One GET of a hop, its body capped. */
async function requestBody(
  url: URL,
  address: IpLiteral,
  hop: HopExchange,
  options: GuardedFetchOptions,
  limit: number,
) {
  const response = await requestHop({
    url,
    address,
    policy: options.net.policy,
    signal: hop.signal,
    timeoutMs: hop.remainingMs,
    method: options.method,
    body: options.body,
    headers: { 'user-agent': 'NetToolbox', ...options.headers },
    ca: options.ca,
    // One byte over the cap tells a body of exactly the cap from a larger one.
    maxBodyBytes: limit + 1,
    keepBody: true,
  })
  const declared = Number(headerObject(response.headers)['content-length'])
  if (response.bodyTruncated || (Number.isFinite(declared) && declared > limit)) {
    throw new GuardedFetchError('too-large', `${url.host} sent more than ${limit} bytes`, 'target')
  }
  return response
}

/** Tries the checked addresses in order; moves on only when a connection could not be opened. */
async function exchangeWith(hop: HopExchange, options: GuardedFetchOptions, limit: number, timeoutMs: number) {
  let lastError: Error | undefined
  for (const address of hop.addresses) {
    try {
      return { response: await requestBody(hop.url, address, hop, options, limit), address }
    } catch (error) {
      lastError = describeFailure(error, hop.url, address, hop, timeoutMs)
      const code = errorCode(error)
      if (!code || !CONNECT_ERRORS.has(code)) throw lastError
    }
  }
  throw lastError ?? new GuardedFetchError('resolve', `${hop.url.host} has no address`, 'target')
}

/** The loop's reason to stop, as the error guardedFetch throws. */
function stopError(stop: Exclude<RedirectStop, { kind: 'too-many' }>, url: URL, timeoutMs: number): Error {
  switch (stop.kind) {
    case 'resolve':
      return new GuardedFetchError(
        stop.failureSource === 'policy' ? 'policy' : 'resolve',
        stop.error,
        stop.failureSource,
      )
    case 'deadline':
      return new GuardedFetchError('timeout', `No answer from ${url.host} within ${timeoutMs} ms`, 'target')
    case 'exchange':
      return stop.error as Error
    case 'location':
      return new GuardedFetchError('url', stop.error, 'target')
  }
}

export async function guardedFetch(target: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const limit = options.maxBytes ?? 1024 * 1024
  const chain = await followRedirects(parseUrl(target), {
    net: options.net,
    signal: options.signal,
    timeoutMs,
    // Past the limit the redirect itself is the answer.
    maxRedirects: options.method === 'POST' ? 0 : (options.maxRedirects ?? 0),
    exchange: (hop) => exchangeWith(hop, options, limit, timeoutMs),
    refuseRedirect: refuseCredentials,
  })
  const last = lastHop(chain)
  if (chain.stop && chain.stop.kind !== 'too-many') throw stopError(chain.stop, last.url, timeoutMs)
  const response = last.response as HttpHopResponse
  return {
    status: response.status,
    headers: headerObject(response.headers),
    body: response.body ?? Buffer.alloc(0),
    url: last.url.href,
    address: (last.address as IpLiteral).address,
    redirects: chain.hops.slice(0, -1).map((hop) => hop.url.href),
  }
}
