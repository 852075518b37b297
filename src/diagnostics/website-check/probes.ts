// The website-standards probes beyond the main walk: one plain request to the other scheme, the
// ALPN offer of the HTTPS server, and a request over IPv6. Each goes only to addresses the walk
// already resolved and the target policy allowed (nothing is resolved again), through the guarded
// clients (net/guarded-http-request.ts, net/guarded-tls.ts), each under its own deadline.
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { PolicyDeniedError } from '../net/guarded-connect.ts'
import { bareHost, HttpHopError, type HttpHopResponse, requestHop } from '../net/guarded-http-request.ts'
import { connectTls, TlsHandshakeError } from '../net/guarded-tls.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'

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
    // A handshake that ran out of time (its own deadline or the probe's) is no answer in time.
    const kind =
      error instanceof HttpHopError
        ? error.kind
        : error.code === 'ETIMEDOUT'
          ? 'timeout'
          : error.code === 'ABORT_ERR'
            ? 'aborted'
            : 'tls'
    // The operating system's code for a connection; what the peer did, in words, for a handshake.
    const code = error.code ? ` (${error.code})` : ''
    const what = {
      connect: `no connection to ${where}${code}`,
      tls: `TLS handshake with ${where} failed${error.code ? `: ${describeTlsFailure(error.cause ?? error)}` : ''}`,
      'no-response': `${where} sent no answer${code}`,
      timeout: `no answer from ${where} in time`,
      aborted: `no answer from ${where} in time`,
    }[kind]
    return { ok: false, failureSource: 'target', error: what }
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return { ok: false, failureSource: 'target', error: `no connection to ${where}${code ? ` (${code})` : ''}` }
}

/** One GET of url at an address the walk already checked, no redirect followed; certificates are recorded, not enforced. */
export async function probeOnce(url: URL, address: IpLiteral, ctx: ProbeContext): Promise<HopProbe> {
  try {
    const response = await requestHop({
      url,
      address,
      policy: ctx.net.policy,
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      headers: { 'user-agent': ctx.userAgent },
      ca: ctx.ca,
      verifyCertificate: false,
      maxBodyBytes: 64 * 1024,
    })
    return { ok: true, response, address }
  } catch (error) {
    return exchangeFailure(error, url)
  }
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

/** One GET of url over the first IPv6 address among the host's checked addresses (its AAAA records, or its IPv6 literal). */
export async function probeIpv6(url: URL, addresses: IpLiteral[], ctx: ProbeContext): Promise<Ipv6Probe> {
  const host = bareHost(url)
  const literal = url.hostname.startsWith('[')
  if (!literal && /^[\d.]+$/.test(host)) return { kind: 'literal-v4' }
  const address = addresses.find((a) => a.family === 6)
  if (!address)
    return { kind: 'no-address', failure: { ok: false, failureSource: 'target', error: `${host} has no AAAA records` } }
  const answer = await probeOnce(url, address, ctx)
  if (answer.ok) return { kind: 'answered', address: address.address, literal, status: answer.response.status }
  return { kind: 'unreachable', address: address.address, literal, failure: answer }
}
