// The cookie flags check: each Set-Cookie judged on Secure, HttpOnly and SameSite, as browsers read them.
import type { WebsiteStandardCheck } from '../../shared/tools/website-check/schema.ts'

interface CookieFlags {
  name: string
  secure: boolean
  httpOnly: boolean
  /** The SameSite value as sent ("Lax", "None"...); null when absent. */
  sameSite: string | null
}

export function parseSetCookie(value: string): CookieFlags {
  const [pair = '', ...attributes] = value.split(';').map((part) => part.trim())
  const name = pair.includes('=') ? pair.slice(0, pair.indexOf('=')).trim() : pair
  const flags: CookieFlags = { name: name || '(unnamed)', secure: false, httpOnly: false, sameSite: null }
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=')
    const lower = key.trim().toLowerCase()
    if (lower === 'secure') flags.secure = true
    else if (lower === 'httponly') flags.httpOnly = true
    else if (lower === 'samesite') flags.sameSite = rest.join('=').trim() || null
  }
  return flags
}

/** One check per cookie: fail without Secure (or SameSite=None without it), warning without HttpOnly or SameSite. */
export function judgeCookies(cookies: { url: URL; value: string }[]): WebsiteStandardCheck[] {
  if (cookies.length === 0) {
    return [
      {
        id: 'cookies',
        name: 'Cookies',
        verdict: 'not-tested',
        detail: 'The site set no cookies on the requests checked',
        failureSource: null,
      },
    ]
  }
  return cookies.map(({ url, value }) => {
    const flags = parseSetCookie(value)
    const sameSite = flags.sameSite?.toLowerCase() ?? null
    const problems: string[] = []
    const notes = [
      flags.secure ? 'Secure' : null,
      flags.httpOnly ? 'HttpOnly' : null,
      flags.sameSite ? `SameSite=${flags.sameSite}` : null,
    ].filter((n): n is string => n !== null)
    let verdict: WebsiteStandardCheck['verdict'] = 'pass'
    if (!flags.secure) {
      verdict = 'fail'
      problems.push(
        sameSite === 'none'
          ? 'SameSite=None without Secure: browsers reject the cookie'
          : 'no Secure flag: sent over plain HTTP too',
      )
    }
    if (!flags.httpOnly) {
      if (verdict === 'pass') verdict = 'warning'
      problems.push('no HttpOnly: scripts can read it')
    }
    if (!['lax', 'strict', 'none'].includes(sameSite ?? '')) {
      if (verdict === 'pass') verdict = 'warning'
      problems.push(
        sameSite
          ? `SameSite=${flags.sameSite} is not a valid value`
          : 'no SameSite: sent on cross-site requests in some browsers',
      )
    }
    const flagsText = notes.length > 0 ? notes.join(', ') : 'no flags'
    const from = ` (set by ${url.host}${url.pathname})`
    return {
      id: 'cookies',
      name: `Cookie ${flags.name}`,
      verdict,
      detail: problems.length === 0 ? `${flagsText}${from}` : `${flagsText}; ${problems.join('; ')}${from}`,
      failureSource: verdict === 'pass' ? null : 'target',
    }
  })
}
