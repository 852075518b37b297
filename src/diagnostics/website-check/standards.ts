// The website-standards report: HTTPS and the http→https redirect, HTTP/2 and HTTP/3, IPv6, the
// security headers, cookie flags and compression, each check pass / warning / fail / not tested
// with what was seen, grouped and scored by category.

import { describeUntrusted } from '../../shared/tools/ssl/trust-words.ts'
import type {
  SecurityHeaderCheck,
  StandardVerdict,
  WebsiteCategory,
  WebsiteStandardCheck,
  WebsiteStandardId,
} from '../../shared/tools/website-check/schema.ts'
import { REDIRECT_STATUSES } from '../net/follow-redirects.ts'
import { bareHost as bareHostOf } from '../net/guarded-http-request.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { ChainReport } from './check-chain.ts'
import { judgeCookies } from './cookies.ts'
import { type HopProbe, type Ipv6Probe, type ProbeContext, probeAlpn, probeIpv6, probeOnce } from './probes.ts'
import { rateSecurityHeaders } from './security-headers.ts'
import { standardCheck } from './standard-check.ts'

type Check = WebsiteStandardCheck

const check = standardCheck

const header = (headers: { name: string; value: string }[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value ?? null

/** Whether one plain-HTTP answer redirects straight to HTTPS on the same host, as the first step. */
function judgeRedirect(from: URL, status: number, location: string | null): Check {
  const name = 'Redirect from HTTP to HTTPS'
  if (!REDIRECT_STATUSES.has(status) || location === null)
    return check('http-redirect', name, 'fail', `${from.href} answers ${status} without redirecting to HTTPS`)
  let next: URL
  try {
    next = new URL(location, from)
  } catch {
    return check('http-redirect', name, 'fail', `${from.href} redirects to an invalid URL: ${location}`)
  }
  if (next.protocol !== 'https:')
    return check('http-redirect', name, 'fail', `The first redirect stays on plain HTTP: ${next.href}`)
  if (next.hostname !== from.hostname)
    return check(
      'http-redirect',
      name,
      'fail',
      `The first redirect goes to another host (${next.href}); redirect to https://${from.host}/ first`,
    )
  return check('http-redirect', name, 'pass', `${from.href} redirects (${status}) to ${next.href}`)
}

function redirectCheck(start: URL, report: ChainReport, plainProbe: HopProbe | null): Check {
  const first = report.hops[0]
  if (start.protocol === 'http:' && first?.status) return judgeRedirect(start, first.status, first.location)
  if (!plainProbe)
    return check('http-redirect', 'Redirect from HTTP to HTTPS', 'not-tested', 'No plain-HTTP answer to check')
  if (!plainProbe.ok)
    return check(
      'http-redirect',
      'Redirect from HTTP to HTTPS',
      'not-tested',
      `No plain-HTTP service to redirect: ${plainProbe.error}`,
      plainProbe.failureSource === 'target' ? null : plainProbe.failureSource,
    )
  const location = header(plainProbe.response.headers, 'location')
  return judgeRedirect(new URL(`http://${start.host.replace(/:\d+$/, '')}/`), plainProbe.response.status, location)
}

function httpsChecks(report: ChainReport, httpsProbe: HopProbe | null): Check[] {
  const final = report.final
  if (report.finalUrl.protocol === 'https:' && final) {
    const tls = final.tls
    return [
      check(
        'https',
        'HTTPS',
        'pass',
        `Served over HTTPS${tls?.protocol ? ` (${tls.protocol})` : ''}: ${report.finalUrl.href}`,
      ),
      tls?.authorized
        ? check('certificate', 'Certificate', 'pass', 'The certificate is trusted and matches the host name')
        : check(
            'certificate',
            'Certificate',
            'fail',
            `The certificate is ${describeUntrusted(tls?.authorizationError)}`,
          ),
    ]
  }
  if (httpsProbe?.ok) {
    const tls = httpsProbe.response.tls
    return [
      check(
        'https',
        'HTTPS',
        'pass',
        `HTTPS answers (${httpsProbe.response.status}), though the site was reached over plain HTTP`,
      ),
      tls?.authorized
        ? check('certificate', 'Certificate', 'pass', 'The certificate is trusted and matches the host name')
        : check(
            'certificate',
            'Certificate',
            'fail',
            `The certificate is ${describeUntrusted(tls?.authorizationError)}`,
          ),
    ]
  }
  return [
    check('https', 'HTTPS', 'fail', `No HTTPS: ${httpsProbe?.error ?? 'the site answers over plain HTTP only'}`),
    check('certificate', 'Certificate', 'not-tested', 'No HTTPS answer whose certificate could be checked', null),
  ]
}

function versionChecks(report: ChainReport, alpn: Awaited<ReturnType<typeof probeAlpn>> | null): Check[] {
  const final = report.final
  if (report.finalUrl.protocol !== 'https:' || !final || !alpn) {
    const why = 'Needs an HTTPS answer: HTTP/2 and HTTP/3 are offered over TLS only'
    return [
      check('http2', 'HTTP/2 (ALPN)', 'not-tested', why, null),
      check('http3', 'HTTP/3 (Alt-Svc)', 'not-tested', why, null),
    ]
  }
  const http2 = !alpn.ok
    ? check('http2', 'HTTP/2 (ALPN)', 'not-tested', alpn.error, alpn.failureSource)
    : alpn.protocol === 'h2'
      ? check('http2', 'HTTP/2 (ALPN)', 'pass', 'Offered h2 and http/1.1, the server selected h2')
      : check(
          'http2',
          'HTTP/2 (ALPN)',
          'warning',
          alpn.protocol
            ? `Offered h2 and http/1.1, the server selected ${alpn.protocol}: HTTP/1.1 only`
            : 'The server selected no protocol when offered h2 and http/1.1: HTTP/1.1 only',
        )
  const altSvc = header(final.headers, 'alt-svc')
  const h3 = altSvc?.split(',').find((entry) => /^\s*h3(-\d+)?\s*=/i.test(entry))
  const http3 = h3
    ? check('http3', 'HTTP/3 (Alt-Svc)', 'pass', `Advertised: Alt-Svc ${h3.trim()}`)
    : check(
        'http3',
        'HTTP/3 (Alt-Svc)',
        'warning',
        altSvc ? `Alt-Svc does not name h3: ${altSvc}` : 'No Alt-Svc header advertises HTTP/3',
      )
  return [http2, http3]
}

function ipv6Checks(probe: Ipv6Probe): Check[] {
  const address = 'IPv6 address (AAAA)'
  const reach = 'Reachable over IPv6'
  switch (probe.kind) {
    case 'literal-v4': {
      const why = 'The URL names an IPv4 address'
      return [
        check('ipv6-address', address, 'not-tested', why, null),
        check('ipv6-reachable', reach, 'not-tested', why, null),
      ]
    }
    case 'no-address': {
      const { failureSource, error } = probe.failure
      return [
        failureSource === 'target'
          ? check('ipv6-address', address, 'fail', error)
          : check('ipv6-address', address, 'not-tested', error, failureSource),
        check(
          'ipv6-reachable',
          reach,
          'not-tested',
          'No IPv6 address to connect to',
          failureSource === 'target' ? null : failureSource,
        ),
      ]
    }
    case 'answered':
    case 'unreachable': {
      const found = probe.literal ? `The URL is the IPv6 address ${probe.address}` : `AAAA ${probe.address}`
      const reached =
        probe.kind === 'answered'
          ? check('ipv6-reachable', reach, 'pass', `Answered HTTP ${probe.status} over IPv6 from [${probe.address}]`)
          : probe.failure.failureSource === 'target'
            ? check('ipv6-reachable', reach, 'fail', `Over IPv6: ${probe.failure.error}`)
            : check('ipv6-reachable', reach, 'not-tested', probe.failure.error, probe.failure.failureSource)
      return [check('ipv6-address', address, 'pass', found), reached]
    }
  }
}

const HEADER_IDS: Record<string, { id: WebsiteStandardId; name: string; required: boolean }> = {
  'Strict-Transport-Security': { id: 'hsts', name: 'Strict-Transport-Security (HSTS)', required: true },
  'Content-Security-Policy': { id: 'csp', name: 'Content-Security-Policy', required: false },
  'X-Content-Type-Options': { id: 'content-type-options', name: 'X-Content-Type-Options', required: true },
  'X-Frame-Options': {
    id: 'frame-protection',
    name: 'Frame protection (X-Frame-Options / frame-ancestors)',
    required: true,
  },
  'Referrer-Policy': { id: 'referrer-policy', name: 'Referrer-Policy', required: false },
  'Permissions-Policy': { id: 'permissions-policy', name: 'Permissions-Policy', required: false },
}

function headerChecks(ratings: SecurityHeaderCheck[]): Check[] {
  return ratings.flatMap((rating) => {
    const meta = HEADER_IDS[rating.name]
    if (!meta) return []
    const verdict: StandardVerdict =
      rating.rating === 'good'
        ? 'pass'
        : rating.rating === 'weak'
          ? 'warning'
          : rating.rating === 'invalid' || meta.required
            ? 'fail'
            : 'warning'
    const value = rating.value ? ` (${rating.name}: ${rating.value})` : ''
    return [check(meta.id, meta.name, verdict, `${rating.verdict}${value}`)]
  })
}

function compressionCheck(report: ChainReport): Check {
  const final = report.final
  const name = 'Compression (Accept-Encoding: br, gzip)'
  if (!final || final.bodyBytes === 0)
    return check('compression', name, 'not-tested', 'The answer has no body to compress', null)
  const encoding = header(final.headers, 'content-encoding')
  if (encoding && /\b(br|gzip|deflate|zstd)\b/i.test(encoding))
    return check('compression', name, 'pass', `Content-Encoding: ${encoding} (${final.bodyBytes} bytes sent)`)
  return check(
    'compression',
    name,
    'warning',
    `Sent uncompressed (${final.bodyBytes} bytes) although br and gzip were offered`,
  )
}

/** 0-100 over the checks tested: pass 1, warning 1/2, fail 0; null when none was tested. */
export function categoryScore(checks: Check[]): number | null {
  const tested = checks.filter((c) => c.verdict !== 'not-tested')
  if (tested.length === 0) return null
  const points = tested.reduce((sum, c) => sum + (c.verdict === 'pass' ? 1 : c.verdict === 'warning' ? 0.5 : 0), 0)
  return Math.round((points / tested.length) * 100)
}

function category(id: WebsiteCategory['id'], name: string, checks: Check[]): WebsiteCategory {
  return { id, name, score: categoryScore(checks), checks }
}

/** Runs the extra probes (in parallel, each under ctx.timeoutMs, to addresses the walk checked) and judges every check; [] without a final answer. */
export async function assessStandards(start: URL, report: ChainReport, ctx: ProbeContext): Promise<WebsiteCategory[]> {
  const final = report.final
  if (!final) return []
  const finalUrl = report.finalUrl
  const secure = finalUrl.protocol === 'https:'
  const finalAddress = parseIpLiteral(report.hops.at(-1)?.address ?? '')
  const startAddress = parseIpLiteral(report.hops[0]?.address ?? '')
  const bareStart = start.hostname
  const [plainProbe, httpsProbe, alpn, ipv6] = await Promise.all([
    start.protocol === 'https:' && startAddress ? probeOnce(new URL(`http://${bareStart}/`), startAddress, ctx) : null,
    !secure && startAddress ? probeOnce(new URL(`https://${bareStart}/`), startAddress, ctx) : null,
    secure && finalAddress ? probeAlpn(finalUrl, finalAddress, ctx) : null,
    probeIpv6(finalUrl, report.addresses.get(bareHostOf(finalUrl)) ?? [], ctx),
  ])
  return [
    category('https', 'HTTPS & redirect', [
      ...httpsChecks(report, httpsProbe),
      redirectCheck(start, report, plainProbe),
    ]),
    category('versions', 'HTTP versions', versionChecks(report, alpn)),
    category('ipv6', 'IPv6', ipv6Checks(ipv6)),
    category('headers', 'Security headers', headerChecks(rateSecurityHeaders(final.headers, secure))),
    category('cookies', 'Cookies', judgeCookies(report.cookies)),
    category('compression', 'Compression', [compressionCheck(report)]),
  ]
}
