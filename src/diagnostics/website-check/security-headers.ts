// The security-headers report: each header present or missing, its value and a one-line verdict.
import type { HeaderField, SecurityHeaderCheck } from '../../shared/tools/website-check/schema.ts'

type Verdict = Pick<SecurityHeaderCheck, 'rating' | 'verdict'>

const HSTS_MIN_AGE = 180 * 86_400
const STRICT_REFERRERS = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'])
const LOOSE_REFERRERS = new Set(['origin', 'origin-when-cross-origin', 'no-referrer-when-downgrade'])

function readHeader(headers: HeaderField[], name: string): string | null {
  const values = headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value)
  return values.length === 0 ? null : values.join(', ')
}

function judgeHsts(value: string | null, https: boolean): Verdict {
  if (!https) return { rating: 'missing', verdict: 'Served over plain HTTP: browsers ignore HSTS here' }
  if (value === null) return { rating: 'missing', verdict: 'Browsers may still try plain HTTP first' }
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(value)?.[1] ?? Number.NaN)
  if (!Number.isFinite(maxAge)) return { rating: 'weak', verdict: 'No valid max-age: browsers ignore the header' }
  if (maxAge === 0) return { rating: 'weak', verdict: 'max-age=0 turns HSTS off' }
  const days = Math.floor(maxAge / 86_400)
  const period = `${days} day${days === 1 ? '' : 's'}`
  if (maxAge < HSTS_MIN_AGE)
    return { rating: 'weak', verdict: `HTTPS is enforced for only ${period} (180 or more is advised)` }
  const extras = [
    /includesubdomains/i.test(value) && 'subdomains included',
    /preload/i.test(value) && 'preload requested',
  ]
  const tail = extras.filter(Boolean).join(', ')
  return { rating: 'good', verdict: `HTTPS is enforced for ${period}${tail ? `; ${tail}` : ''}` }
}

/** The directive that governs scripts: script-src, else default-src. */
function scriptSources(csp: string): string | null {
  const directives = csp.split(';').map((d) => d.trim().toLowerCase())
  return (
    directives.find((d) => d.startsWith('script-src ')) ?? directives.find((d) => d.startsWith('default-src ')) ?? null
  )
}

function judgeCsp(value: string | null, reportOnly: string | null): Verdict {
  if (value === null) {
    if (reportOnly !== null) return { rating: 'weak', verdict: 'Only a report-only policy: nothing is enforced' }
    return { rating: 'missing', verdict: 'No policy limits where scripts and other content may come from' }
  }
  const scripts = scriptSources(value)
  if (scripts === null) return { rating: 'weak', verdict: 'No script-src or default-src: scripts are not restricted' }
  const pinned = /'nonce-|'sha(256|384|512)-|'strict-dynamic'/.test(scripts)
  if (/'unsafe-inline'/.test(scripts) && !pinned)
    return { rating: 'weak', verdict: "Allows inline scripts ('unsafe-inline')" }
  if (/(^|\s)(\*|https?:|data:)(\s|$)/.test(scripts)) return { rating: 'weak', verdict: 'Allows scripts from any host' }
  return { rating: 'good', verdict: 'Restricts where scripts and content may come from' }
}

function judgeContentType(value: string | null): Verdict {
  if (value === null) return { rating: 'missing', verdict: 'Browsers may guess (sniff) content types' }
  if (value.trim().toLowerCase() === 'nosniff') return { rating: 'good', verdict: 'Content-type sniffing is off' }
  return { rating: 'weak', verdict: 'The only valid value is "nosniff"' }
}

function judgeFrameOptions(value: string | null, csp: string | null): Verdict {
  const ancestors = csp !== null && /(^|;)\s*frame-ancestors\s/i.test(csp)
  if (value === null) {
    if (ancestors) return { rating: 'good', verdict: 'Framing is controlled by CSP frame-ancestors instead' }
    return { rating: 'missing', verdict: 'Other sites may frame these pages (clickjacking)' }
  }
  const mode = value.trim().toUpperCase()
  if (mode === 'DENY' || mode === 'SAMEORIGIN') return { rating: 'good', verdict: `Framing limited (${mode})` }
  if (mode === 'ALLOWALL')
    return {
      rating: 'invalid',
      verdict: 'ALLOWALL is not a valid value: browsers ignore it, so any site may frame these pages',
    }
  return { rating: 'weak', verdict: 'Unrecognised value (ALLOW-FROM is obsolete): browsers ignore it' }
}

function judgeReferrer(value: string | null): Verdict {
  if (value === null)
    return {
      rating: 'missing',
      verdict: 'The browser default applies (strict-origin-when-cross-origin in current browsers)',
    }
  const tokens = value.split(',').map((t) => t.trim().toLowerCase())
  const policy = tokens.reverse().find((t) => STRICT_REFERRERS.has(t) || LOOSE_REFERRERS.has(t) || t === 'unsafe-url')
  if (policy === undefined) return { rating: 'weak', verdict: 'No recognised policy: the browser default applies' }
  if (STRICT_REFERRERS.has(policy))
    return { rating: 'good', verdict: `Full URLs are not sent to other sites (${policy})` }
  return { rating: 'weak', verdict: `Other sites may receive the origin or full URL (${policy})` }
}

function judgePermissions(value: string | null): Verdict {
  if (value === null)
    return { rating: 'missing', verdict: 'Browser features (camera, geolocation...) are not restricted' }
  return { rating: 'good', verdict: 'Restricts which browser features the pages may use' }
}

export function rateSecurityHeaders(headers: HeaderField[], https: boolean): SecurityHeaderCheck[] {
  const csp = readHeader(headers, 'Content-Security-Policy')
  const checks: [string, (value: string | null) => Verdict][] = [
    ['Strict-Transport-Security', (v) => judgeHsts(v, https)],
    ['Content-Security-Policy', (v) => judgeCsp(v, readHeader(headers, 'Content-Security-Policy-Report-Only'))],
    ['X-Content-Type-Options', judgeContentType],
    ['X-Frame-Options', (v) => judgeFrameOptions(v, csp)],
    ['Referrer-Policy', judgeReferrer],
    ['Permissions-Policy', judgePermissions],
  ]
  return checks.map(([name, judge]) => {
    const value = readHeader(headers, name)
    return { name, present: value !== null, value, ...judge(value) }
  })
}
