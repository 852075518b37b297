// The website check's walk along a URL's redirects: the shared redirect loop (net/follow-redirects.ts)
// with one GET per hop to its first checked address, its outcome worded hop by hop for the result.
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { type HopTimings, type WebsiteHop, websiteMessages } from '../../shared/tools/website-check/schema.ts'
import { followRedirects, lastHop, type RedirectChain, type RedirectHop } from '../net/follow-redirects.ts'
import { PolicyDeniedError } from '../net/guarded-connect.ts'
import { bareHost, HttpHopError, type HttpHopResponse, requestHop } from '../net/guarded-http-request.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'

export interface CheckChainOptions {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  /** The caller's signal (client gone, tool deadline). */
  signal: AbortSignal
  /** Budget of the whole check, redirects included. */
  timeoutMs: number
  maxRedirects: number
  userAgent: string
  ca?: string[]
}

export interface ChainReport {
  hops: WebsiteHop[]
  /** The answer of the last hop, when it answered. */
  final: HttpHopResponse | null
  finalUrl: URL
  failure: { failureSource: FailureSource; error: string } | null
  /** Every checked address of each host the walk resolved (A and AAAA), so later probes resolve nothing again. */
  addresses: Map<string, IpLiteral[]>
  /** Every Set-Cookie of every answer, with the URL that set it. */
  cookies: { url: URL; value: string }[]
}

interface Failure {
  source: FailureSource
  error: string
  /** What the failing hop shows; the error itself unless said otherwise. */
  detail?: string
}

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

function hopFailure(error: unknown, url: URL, timeoutMs: number, expired: boolean): Failure {
  if (error instanceof PolicyDeniedError) return { source: 'policy', error: error.message }
  if (!(error instanceof HttpHopError)) throw error
  if (error.kind === 'timeout' || (error.kind === 'aborted' && expired)) {
    return { source: 'target', error: websiteMessages.timeout(timeoutMs) }
  }
  if (error.kind === 'aborted') return { source: 'target', error: 'Check cancelled' }
  if (error.kind === 'connect') return { source: 'target', error: connectionFailure(url, error.code) }
  const message = { tls: websiteMessages.certificate, 'no-response': websiteMessages.noResponse }[error.kind]
  const why =
    error.kind === 'tls' ? `: ${describeTlsFailure(error.cause ?? error)}` : error.code ? ` (${error.code})` : ''
  return { source: 'target', error: message, detail: `${message}${why}` }
}

/** Why the chain stopped, in the check's words; null when it ended on a final answer. */
function chainFailure(chain: RedirectChain, options: CheckChainOptions): Failure | null {
  const { timeoutMs, maxRedirects } = options
  const stop = chain.stop
  const url = lastHop(chain).url
  switch (stop?.kind) {
    case undefined:
      return null
    case 'deadline':
      return { source: 'target', error: websiteMessages.timeout(timeoutMs) }
    case 'resolve': {
      const redirected = chain.hops.length > 1 && stop.failureSource === 'policy'
      const error = redirected ? `Redirect to ${url.href} stopped: ${stop.error}` : stop.error
      return { source: stop.failureSource, error, detail: stop.error }
    }
    case 'exchange':
      return hopFailure(stop.error, url, timeoutMs, chain.expired)
    case 'location':
      return { source: 'target', error: stop.error }
    case 'too-many':
      return { source: 'target', error: `Too many redirects (more than ${maxRedirects})` }
  }
}

function timingsOf(hop: RedirectHop, stopError: unknown): HopTimings {
  const timings = hop.response?.timings ?? (stopError instanceof HttpHopError ? stopError.timings : null)
  if (!timings) return { ...NO_TIMINGS, dnsMs: hop.dnsMs, totalMs: hop.dnsMs ?? 0 }
  return { ...timings, dnsMs: hop.dnsMs, totalMs: timings.totalMs + (hop.dnsMs ?? 0) }
}

export async function checkChain(start: URL, options: CheckChainOptions): Promise<ChainReport> {
  const addresses = new Map<string, IpLiteral[]>()
  const chain = await followRedirects(start, {
    net: options.net,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxRedirects: options.maxRedirects,
    exchange: async ({ url, addresses: checked, signal, remainingMs }) => {
      addresses.set(bareHost(url), checked)
      const [address] = checked
      if (!address) throw new Error('a resolved host has an address')
      const response = await requestHop({
        url,
        address,
        policy: options.net.policy,
        signal,
        timeoutMs: remainingMs,
        // Offering compression shows whether the site compresses (the body size read is then the compressed one).
        headers: { 'user-agent': options.userAgent, 'accept-encoding': 'br, gzip' },
        ca: options.ca,
      })
      return { response, address }
    },
  })
  const failure = chainFailure(chain, options)
  const last = lastHop(chain)
  const stopError = chain.stop?.kind === 'exchange' ? chain.stop.error : undefined
  const hops = chain.hops.map(
    (hop): WebsiteHop => ({
      url: hop.url.href,
      address: hop.address?.address ?? null,
      status: hop.response?.status ?? null,
      statusText: hop.response?.statusText ?? null,
      location: hop.location,
      timings: timingsOf(hop, hop === last ? stopError : undefined),
      error: hop === last && failure ? (failure.detail ?? failure.error) : null,
    }),
  )
  return {
    hops,
    final: last.response,
    finalUrl: last.url,
    failure: failure && { failureSource: failure.source, error: failure.error },
    addresses,
    cookies: chain.hops.flatMap((hop) =>
      (hop.response?.headers ?? [])
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => ({ url: hop.url, value: h.value })),
    ),
  }
}
