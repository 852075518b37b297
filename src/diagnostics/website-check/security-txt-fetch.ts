// Reads /.well-known/security.txt on the final URL's origin through the shared redirect loop: every
// host resolved once and checked against the target policy, at most the website check's redirects,
// the probe deadline for the whole walk, certificates verified as the main walk does, the body capped
// at the check's 1 MiB. A host the main walk already resolved and checked is not asked again: the
// file is fetched from the address the site was checked at (a name that answers differently the
// second time gains nothing).

import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { followRedirects, lastHop } from '../net/follow-redirects.ts'
import { DEFAULT_MAX_BODY_BYTES, requestHop } from '../net/guarded-http-request.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import { exchangeFailure, type ProbeContext } from './probes.ts'

export const SECURITY_TXT_PATH = '/.well-known/security.txt'

export type SecurityTxtFetch =
  | { ok: false; url: URL; failureSource: FailureSource; error: string }
  | {
      ok: true
      url: URL
      finalUrl: URL
      status: number
      contentType: string | null
      body: string
      /** The body went past the cap and was cut there. */
      truncated: boolean
    }

/** The security.txt URL of a site: its origin's well-known path. */
export function securityTxtUrl(site: URL): URL {
  return new URL(SECURITY_TXT_PATH, site.origin)
}

export async function fetchSecurityTxt(
  site: URL,
  ctx: ProbeContext & { maxRedirects: number },
  checked: ReadonlyMap<string, IpLiteral[]> = new Map(),
): Promise<SecurityTxtFetch> {
  const url = securityTxtUrl(site)
  const chain = await followRedirects(url, {
    net: {
      resolveTarget: async (host, options) => {
        const addresses = checked.get(host)
        return addresses && addresses.length > 0 ? { ok: true, host, addresses } : ctx.net.resolveTarget(host, options)
      },
    },
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    maxRedirects: ctx.maxRedirects,
    exchange: async ({ url: hopUrl, addresses, signal, remainingMs }) => {
      const [address] = addresses
      if (!address) throw new Error('a resolved host has an address')
      const response = await requestHop({
        url: hopUrl,
        address,
        policy: ctx.net.policy,
        signal,
        timeoutMs: remainingMs,
        headers: { 'user-agent': ctx.userAgent, accept: 'text/plain' },
        ca: ctx.ca,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
        keepBody: true,
      })
      return { response, address }
    },
  })
  const last = lastHop(chain)
  const stop = chain.stop
  if (stop === null && last.response) {
    const response = last.response
    return {
      ok: true,
      url,
      finalUrl: last.url,
      status: response.status,
      contentType: response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? null,
      body: (response.body ?? Buffer.alloc(0)).toString('utf8'),
      truncated: response.bodyTruncated,
    }
  }
  switch (stop?.kind) {
    case 'resolve':
      return { ok: false, url, failureSource: stop.failureSource, error: stop.error }
    case 'exchange': {
      const failure = exchangeFailure(stop.error, last.url)
      return { ok: false, url, failureSource: failure.failureSource, error: failure.error }
    }
    case 'location':
      return { ok: false, url, failureSource: 'target', error: stop.error }
    case 'too-many':
      return { ok: false, url, failureSource: 'target', error: `more than ${ctx.maxRedirects} redirects` }
    default:
      return { ok: false, url, failureSource: 'target', error: `no answer from ${last.url.host} in time` }
  }
}
