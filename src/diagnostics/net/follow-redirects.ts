// The one redirect-following loop, for every HTTP client of ours: each hop's host is resolved once
// through Net and checked against the target policy, the caller's exchange talks only to those checked
// addresses, and a redirect starts the next hop from scratch (resolved and checked again). The loop
// stops at an answer that is not a redirect, at the redirect limit, at a Location it cannot follow or
// at a failed hop, and reports every hop so each caller words the outcome its own way.
import { isIP } from 'node:net'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { bareHost, type HttpHopResponse } from './guarded-http-request.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { Net } from './net.ts'

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export interface RedirectHop {
  url: URL
  /** Time spent resolving the host; null for an IP literal. */
  dnsMs: number | null
  /** The checked address that answered, or the first one tried; null when the host did not resolve. */
  address: IpLiteral | null
  /** The hop's answer; null when the exchange failed or never started. */
  response: HttpHopResponse | null
  /** The Location of a redirect answer. */
  location: string | null
}

export type RedirectStop =
  /** The host did not resolve, or resolved to an address the policy refuses. */
  | { kind: 'resolve'; failureSource: FailureSource; error: string }
  /** The budget ran out while the host was being resolved. */
  | { kind: 'deadline' }
  /** The exchange threw; `error` is what it threw. */
  | { kind: 'exchange'; error: unknown }
  /** The Location is not a URL, not http(s), or the caller refuses it. */
  | { kind: 'location'; error: string }
  /** One more redirect than the limit allows. */
  | { kind: 'too-many' }

export interface RedirectChain {
  /** Every hop tried, in order; the last one is where the loop stopped. */
  hops: [RedirectHop, ...RedirectHop[]]
  /** Why the loop stopped early; null when the last hop gave a final (non-redirect) answer. */
  stop: RedirectStop | null
  /** Whether the budget had run out when the loop stopped. */
  expired: boolean
}

export interface HopExchange {
  url: URL
  /** The host's addresses, every one allowed by the policy. */
  addresses: IpLiteral[]
  /** The caller's signal and the budget together. */
  signal: AbortSignal
  /** Aborts when the budget runs out. */
  deadline: AbortSignal
  /** What is left of the budget, at least 1 ms. */
  remainingMs: number
}

export interface FollowRedirectsOptions {
  net: Pick<Net, 'resolveTarget'>
  /** The caller's signal (client gone, tool deadline). */
  signal: AbortSignal
  /** Budget of the whole chain, every hop's lookup and exchange included. */
  timeoutMs: number
  /** Redirects followed at most; the answer that would take one more ends the chain as 'too-many'. */
  maxRedirects: number
  /** One exchange with a hop; throws to end the chain. */
  exchange(hop: HopExchange): Promise<{ response: HttpHopResponse; address: IpLiteral }>
  /** A reason to refuse a redirect target the loop would otherwise follow. */
  refuseRedirect?(next: URL): string | undefined
}

function nextUrl(location: string, from: URL, options: FollowRedirectsOptions): URL | string {
  let next: URL
  try {
    next = new URL(location, from)
  } catch {
    return `Invalid redirect target: ${location}`
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    return `Redirect to an unsupported scheme: ${next.protocol}`
  return options.refuseRedirect?.(next) ?? next
}

/** Where the chain stopped. */
export function lastHop(chain: RedirectChain): RedirectHop {
  return chain.hops[chain.hops.length - 1] ?? chain.hops[0]
}

export async function followRedirects(start: URL, options: FollowRedirectsOptions): Promise<RedirectChain> {
  const started = performance.now()
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = AbortSignal.any([options.signal, deadline])
  const hops: RedirectHop[] = []
  const end = (stop: RedirectStop | null): RedirectChain => ({
    hops: hops as RedirectChain['hops'],
    stop,
    expired: deadline.aborted,
  })
  let url = start
  for (;;) {
    const hop: RedirectHop = { url, dnsMs: null, address: null, response: null, location: null }
    hops.push(hop)
    const host = bareHost(url)
    const resolveStart = performance.now()
    const resolution = await options.net.resolveTarget(host, { signal })
    hop.dnsMs = isIP(host) ? null : Math.round(performance.now() - resolveStart)
    // A lookup that failed, even on the clock, is reported as such: a resolver too slow for the
    // budget is this server's, and resolveTarget says so.
    if (deadline.aborted && resolution.ok) return end({ kind: 'deadline' })
    if (!resolution.ok)
      return end({ kind: 'resolve', failureSource: resolution.failureSource, error: resolution.error })
    const [first] = resolution.addresses
    if (!first) return end({ kind: 'resolve', failureSource: 'target', error: `${host} has no address` })
    hop.address = first
    try {
      const remainingMs = Math.max(1, options.timeoutMs - (performance.now() - started))
      const answer = await options.exchange({ url, addresses: resolution.addresses, signal, deadline, remainingMs })
      hop.response = answer.response
      hop.address = answer.address
    } catch (error) {
      return end({ kind: 'exchange', error })
    }
    const location = hop.response.headers.find((h) => h.name.toLowerCase() === 'location')?.value
    if (!REDIRECT_STATUSES.has(hop.response.status) || location === undefined) return end(null)
    hop.location = location
    if (hops.length > options.maxRedirects) return end({ kind: 'too-many' })
    const next = nextUrl(location, url, options)
    if (typeof next === 'string') return end({ kind: 'location', error: next })
    url = next
  }
}
