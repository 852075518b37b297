// The website-standards probes beyond the main walk: one plain request to the other scheme, the
// ALPN offer of the HTTPS server, and a request over IPv6. Each goes only to addresses the target
// policy allows (net/follow-redirects.ts, net/guarded-tls.ts, net/guarded-http-request.ts) and
// each has its own deadline.
import type { FailureSource } from '../../shared/tools/common.ts'
import { followRedirects, lastHop } from '../net/follow-redirects.ts'
import { PolicyDeniedError } from '../net/guarded-connect.ts'
import { bareHost, HttpHopError, type HttpHopResponse, requestHop } from '../net/guarded-http-request.ts'
import { connectTls, TlsHandshakeError } from '../net/guarded-tls.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

export interface ProbeContext {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  signal: AbortSignal
  /** Deadline of each probe. */
  timeoutMs: number
  userAgent: string
  ca?: string[]
}

export type ProbeFailure = { ok: false; failureSource: FailureSource; error: string }
export type HopProbe = { ok: true; response: HttpHopResponse; address: IpLiteral } | ProbeFailure

export const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80))

/** What went wrong with one exchange, in words, and whose failure it is. */
export function exchangeFailure(error: unknown, url: URL): ProbeFailure {
  if (error instanceof PolicyDeniedError) return { ok: false, failureSource: 'policy', error: error.message }
  const where = `${bareHost(url)} port ${portOf(url)}`
  if (error instanceof HttpHopError || error instanceof TlsHandshakeError) {
    const kind = error instanceof HttpHopError ? error.kind : 'tls'
    const code = error.code ? ` (${error.code})` : ''
    const what = {
      connect: `no connection to ${where}${code}`,
      tls: `TLS handshake with ${where} failed${code}`,
      'no-response': `${where} sent no answer${code}`,
      timeout: `no answer from ${where} in time`,
      aborted: `no answer from ${where} in time`,
    }[kind]
    return { ok: false, failureSource: 'target', error: what }
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return { ok: false, failureSource: 'target', error: `no connection to ${where}${code ? ` (${code})` : ''}` }
}

/** One GET of url, no redirect followed (a redirect is returned as the answer); certificates are recorded, not enforced. */
export async function probeOnce(url: URL, ctx: ProbeContext): Promise<HopProbe> {
  const chain = await followRedirects(url, {
    net: ctx.net,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    maxRedirects: 0,
    exchange: async ({ url: hopUrl, addresses: [address], signal, remainingMs }) => {
      if (!address) throw new Error('a resolved host has an address')
      const response = await requestHop({
        url: hopUrl,
        address,
        policy: ctx.net.policy,
        signal,
        timeoutMs: remainingMs,
        headers: { 'user-agent': ctx.userAgent },
        ca: ctx.ca,
        verifyCertificate: false,
        maxBodyBytes: 64 * 1024,
      })
      return { response, address }
    },
  })
  const hop = lastHop(chain)
  if (hop.response && hop.address) return { ok: true, response: hop.response, address: hop.address }
  const stop = chain.stop
  if (stop?.kind === 'resolve') return { ok: false, failureSource: stop.failureSource, error: stop.error }
  if (stop?.kind === 'exchange') return exchangeFailure(stop.error, url)
  return { ok: false, failureSource: 'target', error: `no answer from ${url.host} in time` }
}

/** The application protocol the HTTPS server picks when offered h2 and http/1.1; null when it picks none. */
export async function probeAlpn(
  url: URL,
  address: IpLiteral,
  ctx: ProbeContext,
): Promise<{ ok: true; protocol: string | null } | ProbeFailure> {
  try {
    const connection = await connectTls(ctx.net.policy, {
      address,
      port: portOf(url),
      servername: bareHost(url),
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      ca: ctx.ca,
      ALPNProtocols: ['h2', 'http/1.1'],
    })
    const protocol = connection.socket.alpnProtocol
    connection.socket.destroy()
    return { ok: true, protocol: typeof protocol === 'string' ? protocol : null }
  } catch (error) {
    return exchangeFailure(error, url)
  }
}

export type Ipv6Probe =
  | { kind: 'literal-v4' }
  | { kind: 'no-address'; failure: ProbeFailure }
  | { kind: 'answered'; address: string; literal: boolean; status: number }
  | { kind: 'unreachable'; address: string; literal: boolean; failure: ProbeFailure }

/** The host's AAAA addresses (or its IPv6 literal), and one GET of url over the first of them. */
export async function probeIpv6(url: URL, ctx: ProbeContext): Promise<Ipv6Probe> {
  const host = bareHost(url)
  const literal = url.hostname.startsWith('[')
  if (!literal && /^[\d.]+$/.test(host)) return { kind: 'literal-v4' }
  const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.timeoutMs)])
  const started = performance.now()
  const resolution = await ctx.net.resolveTarget(host, { signal: deadline, family: 6 })
  if (!resolution.ok) return { kind: 'no-address', failure: { ...resolution } }
  const address = resolution.addresses.find((a) => a.family === 6)
  if (!address)
    return { kind: 'no-address', failure: { ok: false, failureSource: 'target', error: `${host} has no AAAA records` } }
  try {
    const response = await requestHop({
      url,
      address,
      policy: ctx.net.policy,
      signal: deadline,
      timeoutMs: Math.max(1, ctx.timeoutMs - (performance.now() - started)),
      headers: { 'user-agent': ctx.userAgent },
      ca: ctx.ca,
      verifyCertificate: false,
      maxBodyBytes: 64 * 1024,
    })
    return { kind: 'answered', address: address.address, literal, status: response.status }
  } catch (error) {
    return { kind: 'unreachable', address: address.address, literal, failure: exchangeFailure(error, url) }
  }
}
