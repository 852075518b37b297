// The security.txt checks (RFC 9116): found over HTTPS, Contact (required), Expires (required, in
// the future and less than a year ahead, §2.5.5), served as text/plain with charset utf-8 (§3),
// Canonical naming the URL fetched (§2.5.2), the OpenPGP cleartext signature (§2.3: present, never
// verified here: the site publishes no key we could trust it with) and the other fields.

import type { SecurityTxtReport } from '../../shared/tools/website-check/records.ts'
import type { WebsiteStandardCheck } from '../../shared/tools/website-check/schema.ts'
import type { SecurityTxtFetch } from './security-txt-fetch.ts'
import { fieldValues, type ParsedSecurityTxt, parseRfc3339, parseSecurityTxt } from './security-txt-parse.ts'
import { standardCheck as check } from './standard-check.ts'

type Check = WebsiteStandardCheck

const DAY_MS = 86_400_000
const YEAR_MS = 365 * DAY_MS
/** A URI as the fields require: a scheme, a colon, something after it. */
const URI = /^[a-z][a-z0-9+.-]*:\S+$/i

const NAMES = {
  'security-txt': 'security.txt (RFC 9116)',
  'security-txt-contact': 'security.txt Contact',
  'security-txt-expires': 'security.txt Expires',
  'security-txt-content-type': 'security.txt served as text/plain',
  'security-txt-canonical': 'security.txt Canonical',
  'security-txt-signature': 'security.txt OpenPGP signature',
  'security-txt-fields': 'security.txt other fields',
} as const
type SecurityTxtCheckId = keyof typeof NAMES

const OPTIONAL_FIELDS = ['Encryption', 'Policy', 'Preferred-Languages', 'Acknowledgments', 'Hiring'] as const

const days = (ms: number) => {
  const n = Math.round(Math.abs(ms) / DAY_MS)
  return `${n} day${n === 1 ? '' : 's'}`
}

/** Is this answer a security.txt? A 200 that is plain text, or that holds fields (served with the wrong type). */
function isFile(fetched: Extract<SecurityTxtFetch, { ok: true }>, parsed: ParsedSecurityTxt): boolean {
  if (fetched.status !== 200 || fetched.body.trim() === '') return false
  return /^text\/plain\b/i.test(fetched.contentType ?? '') || parsed.fields.length > 0
}

function contactCheck(parsed: ParsedSecurityTxt): Check {
  const contacts = fieldValues(parsed, 'Contact')
  if (contacts.length === 0)
    return check(
      'security-txt-contact',
      NAMES['security-txt-contact'],
      'fail',
      'No Contact field: RFC 9116 requires at least one',
    )
  const bad = contacts.filter((c) => !URI.test(c))
  const listed = `Contact: ${contacts.join(', ')}`
  if (bad.length > 0)
    return check(
      'security-txt-contact',
      NAMES['security-txt-contact'],
      'warning',
      `${listed}; not a URI (mailto:, tel: or https:): ${bad.join(', ')}`,
    )
  return check('security-txt-contact', NAMES['security-txt-contact'], 'pass', listed)
}

function expiresCheck(parsed: ParsedSecurityTxt, now: Date): Check {
  const name = NAMES['security-txt-expires']
  const values = fieldValues(parsed, 'Expires')
  const [value] = values
  if (value === undefined) return check('security-txt-expires', name, 'fail', 'No Expires field: RFC 9116 requires one')
  if (values.length > 1)
    return check(
      'security-txt-expires',
      name,
      'fail',
      `Expires appears ${values.length} times: RFC 9116 allows only one`,
    )
  const date = parseRfc3339(value)
  if (!date) return check('security-txt-expires', name, 'fail', `Expires is not an RFC 3339 date-time: ${value}`)
  const ahead = date.getTime() - now.getTime()
  if (ahead <= 0)
    return check(
      'security-txt-expires',
      name,
      'fail',
      `Expired ${days(ahead)} ago (Expires: ${value}): its contents should no longer be trusted`,
    )
  if (ahead > YEAR_MS)
    return check(
      'security-txt-expires',
      name,
      'warning',
      `Expires ${value} is ${days(ahead)} ahead: RFC 9116 advises less than a year, so stale contents do not linger`,
    )
  return check('security-txt-expires', name, 'pass', `Expires ${value} (in ${days(ahead)})`)
}

function contentTypeCheck(contentType: string | null): Check {
  const name = NAMES['security-txt-content-type']
  if (!contentType || !/^text\/plain\s*(;|$)/i.test(contentType))
    return check(
      'security-txt-content-type',
      name,
      'fail',
      `Served as ${contentType ?? 'no Content-Type'}: RFC 9116 requires text/plain`,
    )
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]
  if (charset?.toLowerCase() !== 'utf-8')
    return check(
      'security-txt-content-type',
      name,
      'warning',
      `Content-Type: ${contentType}: RFC 9116 asks for charset=utf-8`,
    )
  return check('security-txt-content-type', name, 'pass', `Content-Type: ${contentType}`)
}

/** Passes when a Canonical URI is the URL asked or the one that answered after redirects. */
function canonicalCheck(parsed: ParsedSecurityTxt, askedUrl: URL, fetchedUrl: URL): Check {
  const name = NAMES['security-txt-canonical']
  const canonical = fieldValues(parsed, 'Canonical')
  if (canonical.length === 0)
    return check(
      'security-txt-canonical',
      name,
      'not-tested',
      'No Canonical field: nothing to compare with the URL fetched',
      null,
    )
  const matches = canonical.some((c) => {
    try {
      const href = new URL(c).href
      return href === fetchedUrl.href || href === askedUrl.href
    } catch {
      return false
    }
  })
  if (matches)
    return check('security-txt-canonical', name, 'pass', `Canonical names the URL fetched: ${fetchedUrl.href}`)
  return check(
    'security-txt-canonical',
    name,
    'fail',
    `No Canonical URI is the URL fetched (${fetchedUrl.href}): ${canonical.join(', ')}`,
  )
}

function signatureCheck(parsed: ParsedSecurityTxt): Check {
  const name = NAMES['security-txt-signature']
  if (parsed.signed && parsed.signatureBlock)
    return check(
      'security-txt-signature',
      name,
      'pass',
      'OpenPGP cleartext signature present, not verified: the site publishes no key this check could trust',
    )
  if (parsed.signed)
    return check(
      'security-txt-signature',
      name,
      'fail',
      'A signed-message header without a complete PGP SIGNATURE block',
    )
  return check(
    'security-txt-signature',
    name,
    'warning',
    'Not signed: RFC 9116 recommends an OpenPGP cleartext signature',
  )
}

function otherFieldsCheck(parsed: ParsedSecurityTxt, truncated: boolean): Check {
  const name = NAMES['security-txt-fields']
  const problems = [...parsed.problems]
  if (truncated) problems.push('the file is larger than the 1 MiB read: the rest was not checked')
  const seen: string[] = []
  for (const field of OPTIONAL_FIELDS) {
    const values = fieldValues(parsed, field)
    if (values.length === 0) continue
    seen.push(`${field}: ${values.join(', ')}`)
    if (field === 'Preferred-Languages' && values.length > 1)
      problems.push(`Preferred-Languages appears ${values.length} times (at most once)`)
    if (field !== 'Preferred-Languages') {
      const bad = values.filter((v) => !URI.test(v))
      if (bad.length > 0) problems.push(`${field} is not a URI: ${bad.join(', ')}`)
    }
  }
  if (problems.length > 0) return check('security-txt-fields', name, 'warning', [...seen, ...problems].join('; '))
  if (seen.length === 0)
    return check('security-txt-fields', name, 'not-tested', `None of ${OPTIONAL_FIELDS.join(', ')} is given`, null)
  return check('security-txt-fields', name, 'pass', seen.join('; '))
}

function emptyReport(fetched: SecurityTxtFetch): SecurityTxtReport {
  return {
    url: fetched.url.href,
    finalUrl: fetched.ok ? fetched.finalUrl.href : null,
    state: 'not-checked',
    status: fetched.ok ? fetched.status : null,
    contentType: fetched.ok ? fetched.contentType : null,
    signed: false,
    contact: [],
    expires: null,
    encryption: [],
    policy: [],
    preferredLanguages: null,
    canonical: [],
    acknowledgments: [],
    hiring: [],
  }
}

/** The checks after the first, untested: there is no file to read, and why. */
function untested(why: string, failureSource: Check['failureSource']): Check[] {
  return (Object.keys(NAMES) as SecurityTxtCheckId[])
    .slice(1)
    .map((id) => check(id, NAMES[id], 'not-tested', why, failureSource))
}

export function judgeSecurityTxt(fetched: SecurityTxtFetch, now: Date): { report: SecurityTxtReport; checks: Check[] } {
  const base = emptyReport(fetched)
  const presence = NAMES['security-txt']
  if (!fetched.ok) {
    const error = `Could not read ${fetched.url.href}: ${fetched.error}`
    return {
      report: { ...base, error },
      checks: [
        check('security-txt', presence, 'not-tested', error, fetched.failureSource),
        ...untested('No security.txt could be read', fetched.failureSource),
      ],
    }
  }
  const parsed = parseSecurityTxt(fetched.body)
  const where = `${fetched.finalUrl.href}${fetched.finalUrl.href === fetched.url.href ? '' : ` (redirected from ${fetched.url.href})`}`
  if (!isFile(fetched, parsed)) {
    const what =
      fetched.status === 200 ? `a ${fetched.contentType ?? 'typeless'} page without fields` : `HTTP ${fetched.status}`
    const error = `No security.txt at ${where}: answered ${what}`
    return {
      report: { ...base, state: 'absent', error },
      checks: [check('security-txt', presence, 'warning', error), ...untested('No security.txt to read', null)],
    }
  }
  const secure = fetched.finalUrl.protocol === 'https:'
  const found = secure
    ? check('security-txt', presence, 'pass', `Found at ${where}`)
    : check('security-txt', presence, 'fail', `Found at ${where}, over plain HTTP: RFC 9116 requires HTTPS`)
  const report: SecurityTxtReport = {
    ...base,
    state: 'present',
    signed: parsed.signed,
    contact: fieldValues(parsed, 'Contact'),
    expires: fieldValues(parsed, 'Expires')[0] ?? null,
    encryption: fieldValues(parsed, 'Encryption'),
    policy: fieldValues(parsed, 'Policy'),
    preferredLanguages: fieldValues(parsed, 'Preferred-Languages')[0] ?? null,
    canonical: fieldValues(parsed, 'Canonical'),
    acknowledgments: fieldValues(parsed, 'Acknowledgments'),
    hiring: fieldValues(parsed, 'Hiring'),
  }
  return {
    report,
    checks: [
      found,
      contactCheck(parsed),
      expiresCheck(parsed, now),
      contentTypeCheck(fetched.contentType),
      canonicalCheck(parsed, fetched.url, fetched.finalUrl),
      signatureCheck(parsed),
      otherFieldsCheck(parsed, fetched.truncated),
    ],
  }
}
