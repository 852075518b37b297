// HTTP(S) GET only to addresses that passed the target policy: the host is resolved once, each
// exchange is one requestHop to the checked IP (Host header and TLS server name from the URL), the
// body is capped, the whole exchange has a deadline, and every redirect is resolved and checked again.
import type { IncomingHttpHeaders } from 'node:http'
import type { SecureContextOptions } from 'node:tls'
import type { FailureSource } from '../../shared/tools/common.ts'
import { bareHost, HttpHopError, type HttpHopResponse, requestHop } from './guarded-http-request.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { Net } from './net.ts'

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

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

interface Attempt {
  url: URL
  address: IpLiteral
  options: Required<Pick<GuardedFetchOptions, 'maxBytes'>> & GuardedFetchOptions
  signal: AbortSignal
}

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
  if (url.username || url.password)
    throw new GuardedFetchError('url', 'URLs with credentials are not supported', 'target')
  return url
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

async function requestOnce(attempt: Attempt, deadlineAt: number): Promise<{ hop: HttpHopResponse; body: Buffer }> {
  const { url, address, options } = attempt
  const limit = options.maxBytes
  const tooLarge = () => new GuardedFetchError('too-large', `${url.host} sent more than ${limit} bytes`, 'target')
  const hop = await requestHop({
    url,
    address,
    policy: options.net.policy,
    signal: attempt.signal,
    timeoutMs: Math.max(1, deadlineAt - performance.now()),
    headers: { 'user-agent': 'NetToolbox', ...options.headers },
    ca: options.ca,
    // One byte over the cap tells a body of exactly the cap from a larger one.
    maxBodyBytes: limit + 1,
    keepBody: true,
  })
  const declared = Number(headerObject(hop.headers)['content-length'])
  if (hop.bodyTruncated || (Number.isFinite(declared) && declared > limit)) throw tooLarge()
  return { hop, body: hop.body ?? Buffer.alloc(0) }
}

function describeFailure(error: unknown, attempt: Attempt, timeoutMs: number, deadline: AbortSignal): Error {
  if (error instanceof GuardedFetchError) return error
  const hopTimedOut = error instanceof HttpHopError && error.kind === 'timeout'
  if (deadline.aborted || hopTimedOut) {
    return new GuardedFetchError('timeout', `No answer from ${attempt.url.host} within ${timeoutMs} ms`, 'target', {
      cause: error,
    })
  }
  if (attempt.signal.aborted) return new GuardedFetchError('timeout', 'Request aborted', 'target', { cause: error })
  const code = errorCode(error)
  const detail = code ?? (error as Error).message
  return new GuardedFetchError('network', `${attempt.url.host} (${attempt.address.address}): ${detail}`, 'target', {
    cause: error,
  })
}

function errorCode(error: unknown): string | undefined {
  return error instanceof HttpHopError ? error.code : (error as NodeJS.ErrnoException).code
}

async function resolveChecked(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<IpLiteral[]> {
  const resolution = await options.net.resolveTarget(bareHost(url), { signal })
  if (!resolution.ok) {
    const kind = resolution.failureSource === 'policy' ? 'policy' : 'resolve'
    throw new GuardedFetchError(kind, resolution.error, resolution.failureSource)
  }
  for (const address of resolution.addresses) {
    const decision = options.net.policy.check(address.address)
    if (!decision.allowed) throw new GuardedFetchError('policy', options.net.policy.explain(decision), 'policy')
  }
  return resolution.addresses
}

/** Tries the checked addresses in order; moves on only when a connection could not be opened. */
async function fetchFrom(
  url: URL,
  options: Attempt['options'],
  signal: AbortSignal,
  deadline: AbortSignal,
  timeoutMs: number,
  deadlineAt: number,
) {
  const addresses = await resolveChecked(url, options, signal)
  let lastError: Error | undefined
  for (const address of addresses) {
    const attempt: Attempt = { url, address, options, signal }
    try {
      const { hop, body } = await requestOnce(attempt, deadlineAt)
      return { hop, body, address }
    } catch (error) {
      lastError = describeFailure(error, attempt, timeoutMs, deadline)
      const code = errorCode(error)
      if (!code || !CONNECT_ERRORS.has(code)) throw lastError
    }
  }
  throw lastError ?? new GuardedFetchError('resolve', `${url.host} has no address`, 'target')
}

export async function guardedFetch(target: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const deadlineAt = performance.now() + timeoutMs
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([options.signal, deadline])
  const settings = { ...options, maxBytes: options.maxBytes ?? 1024 * 1024 }
  const redirects: string[] = []
  let url = parseUrl(target)
  for (;;) {
    const { hop, body, address } = await fetchFrom(url, settings, signal, deadline, timeoutMs, deadlineAt)
    const headers = headerObject(hop.headers)
    const status = hop.status
    const location = headers.location
    if (REDIRECTS.has(status) && location && redirects.length < (options.maxRedirects ?? 0)) {
      redirects.push(url.href)
      url = parseUrl(new URL(location, url).href)
      continue
    }
    return { status, headers, body, url: url.href, address: address.address, redirects }
  }
}
