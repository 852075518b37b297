// Follows a URL hop by hop: each hop's host is resolved once and checked against the policy, the
// request goes to that checked address only, and a redirect starts the next hop from scratch.
import { isIP } from 'node:net'
import type { FailureSource } from '../../shared/tools/common.ts'
import { type HopTimings, type WebsiteHop, websiteMessages } from '../../shared/tools/website-check.ts'
import { PolicyDeniedError } from '../net/guarded-connect.ts'
import { bareHost, HttpHopError, type HttpHopResponse, requestHop } from '../net/guarded-http-request.ts'
import type { Net } from '../net/net.ts'

export interface FollowOptions {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  /** The caller's signal (client gone, tool deadline). */
  signal: AbortSignal
  /** Budget of the whole check, redirects included. */
  timeoutMs: number
  maxRedirects: number
  userAgent: string
  ca?: string[]
}

export interface FollowReport {
  hops: WebsiteHop[]
  /** The answer of the last hop, when it answered. */
  final: HttpHopResponse | null
  finalUrl: URL
  failure: { failureSource: FailureSource; error: string } | null
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const NO_TIMINGS: HopTimings = { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null, totalMs: 0 }

/** The port a URL connects to: its own, else the scheme's. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80')
}

/** "Connection failed: site.example refused the connection on port 443": what the host did, after the product's words. */
function connectionFailure(url: URL, code: string | undefined): string {
  const host = bareHost(url)
  const what =
    code === 'ECONNREFUSED'
      ? `${host} refused the connection on port ${portOf(url)}`
      : `${host} could not be reached on port ${portOf(url)}${code ? ` (${code})` : ''}`
  return `${websiteMessages.connection}: ${what}`
}

function hopFailure(
  error: unknown,
  url: URL,
  timeoutMs: number,
  expired: boolean,
): { source: FailureSource; error: string; detail: string } {
  if (error instanceof PolicyDeniedError) return { source: 'policy', error: error.message, detail: error.message }
  if (!(error instanceof HttpHopError)) throw error
  const code = error.code ? ` (${error.code})` : ''
  if (error.kind === 'timeout' || (error.kind === 'aborted' && expired)) {
    const message = websiteMessages.timeout(timeoutMs)
    return { source: 'target', error: message, detail: message }
  }
  if (error.kind === 'aborted') return { source: 'target', error: 'Check cancelled', detail: 'Check cancelled' }
  if (error.kind === 'connect') {
    const message = connectionFailure(url, error.code)
    return { source: 'target', error: message, detail: message }
  }
  const message = { tls: websiteMessages.certificate, 'no-response': websiteMessages.noResponse }[error.kind]
  return { source: 'target', error: message, detail: `${message}${code}` }
}

export async function followRedirects(start: URL, options: FollowOptions): Promise<FollowReport> {
  const started = performance.now()
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = AbortSignal.any([options.signal, deadline])
  const hops: WebsiteHop[] = []
  let url = start
  /** Ends the check at the current hop, which carries the detail. */
  const stop = (
    failureSource: FailureSource,
    error: string,
    detail = error,
    final: HttpHopResponse | null = null,
  ): FollowReport => {
    const current = hops.at(-1)
    if (current) current.error = detail
    return { hops, final, finalUrl: url, failure: { failureSource, error } }
  }

  for (;;) {
    const hop: WebsiteHop = {
      url: url.href,
      address: null,
      status: null,
      statusText: null,
      location: null,
      timings: NO_TIMINGS,
      error: null,
    }
    hops.push(hop)
    const host = bareHost(url)
    const resolveStart = performance.now()
    const resolution = await options.net.resolveTarget(host, { signal })
    const dnsMs = isIP(host) ? null : Math.round(performance.now() - resolveStart)
    hop.timings = { ...NO_TIMINGS, dnsMs, totalMs: dnsMs ?? 0 }
    // A lookup that failed, even on the clock, is reported as such: a resolver too slow for the
    // budget is this server's, and resolveTarget says so.
    if (deadline.aborted && resolution.ok) return stop('target', websiteMessages.timeout(options.timeoutMs))
    if (!resolution.ok) {
      const redirected = hops.length > 1 && resolution.failureSource === 'policy'
      const error = redirected ? `Redirect to ${url.href} stopped: ${resolution.error}` : resolution.error
      return stop(resolution.failureSource, error, resolution.error)
    }
    const [address] = resolution.addresses
    if (!address) return stop('target', `${host} has no address`)
    hop.address = address.address
    let response: HttpHopResponse
    try {
      response = await requestHop({
        url,
        address,
        policy: options.net.policy,
        signal,
        timeoutMs: Math.max(1, options.timeoutMs - (performance.now() - started)),
        headers: { 'user-agent': options.userAgent },
        ca: options.ca,
      })
    } catch (error) {
      const failure = hopFailure(error, url, options.timeoutMs, deadline.aborted)
      if (error instanceof HttpHopError)
        hop.timings = { ...error.timings, dnsMs, totalMs: error.timings.totalMs + (dnsMs ?? 0) }
      return stop(failure.source, failure.error, failure.detail)
    }
    hop.status = response.status
    hop.statusText = response.statusText
    hop.timings = { ...response.timings, dnsMs, totalMs: response.timings.totalMs + (dnsMs ?? 0) }
    const location = response.headers.find((h) => h.name.toLowerCase() === 'location')?.value
    if (!REDIRECTS.has(response.status) || location === undefined)
      return { hops, final: response, finalUrl: url, failure: null }
    hop.location = location
    let next: URL
    try {
      next = new URL(location, url)
    } catch {
      return stop('target', `Invalid redirect target: ${location}`, undefined, response)
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      return stop('target', `Redirect to an unsupported scheme: ${next.protocol}`, undefined, response)
    }
    if (hops.length > options.maxRedirects) {
      return stop('target', `Too many redirects (more than ${options.maxRedirects})`, undefined, response)
    }
    url = next
  }
}
