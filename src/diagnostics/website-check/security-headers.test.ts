import { describe, expect, it } from 'vitest'
import { rateSecurityHeaders } from './security-headers.ts'

const fields = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value }))
const ratings = (record: Record<string, string>, https = true) =>
  Object.fromEntries(rateSecurityHeaders(fields(record), https).map((c) => [c.name, `${c.rating}: ${c.verdict}`]))

describe('rateSecurityHeaders()', () => {
  it('rates a well-configured site good on every header', () => {
    const checks = rateSecurityHeaders(
      fields({
        'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
        'content-security-policy': "default-src 'self'; script-src 'self' 'nonce-abc' 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': 'camera=(), geolocation=()',
      }),
      true,
    )
    expect(checks.map((c) => c.rating)).toEqual(['good', 'good', 'good', 'good', 'good', 'good'])
    expect(checks[0]).toMatchObject({
      name: 'Strict-Transport-Security',
      present: true,
      value: 'max-age=63072000; includeSubDomains; preload',
      verdict: 'HTTPS is enforced for 730 days; subdomains included, preload requested',
    })
  })

  it('reports every header missing on a bare response, with a reason each', () => {
    const checks = rateSecurityHeaders([], true)
    expect(checks.map((c) => [c.name, c.present, c.rating])).toEqual([
      ['Strict-Transport-Security', false, 'missing'],
      ['Content-Security-Policy', false, 'missing'],
      ['X-Content-Type-Options', false, 'missing'],
      ['X-Frame-Options', false, 'missing'],
      ['Referrer-Policy', false, 'missing'],
      ['Permissions-Policy', false, 'missing'],
    ])
    expect(checks.every((c) => c.verdict.length > 0)).toBe(true)
  })

  it('explains weak values', () => {
    const r = ratings({
      'Strict-Transport-Security': 'max-age=86400',
      'Content-Security-Policy': "script-src 'self' 'unsafe-inline'",
      'X-Content-Type-Options': 'yes',
      'X-Frame-Options': 'ALLOW-FROM https://a.example',
      'Referrer-Policy': 'unsafe-url',
    })
    expect(r['Strict-Transport-Security']).toBe('weak: HTTPS is enforced for only 1 day (180 or more is advised)')
    expect(r['Content-Security-Policy']).toBe("weak: Allows inline scripts ('unsafe-inline')")
    expect(r['X-Content-Type-Options']).toBe('weak: The only valid value is "nosniff"')
    expect(r['X-Frame-Options']).toBe('weak: Unrecognised value (ALLOW-FROM is obsolete): browsers ignore it')
    expect(r['Referrer-Policy']).toBe('weak: Other sites may receive the origin or full URL (unsafe-url)')
  })

  it('accepts CSP frame-ancestors in place of X-Frame-Options', () => {
    const r = ratings({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" })
    expect(r['X-Frame-Options']).toBe('good: Framing is controlled by CSP frame-ancestors instead')
  })

  it('notes that HSTS means nothing over plain HTTP', () => {
    const r = ratings({ 'strict-transport-security': 'max-age=63072000' }, false)
    expect(r['Strict-Transport-Security']).toBe('missing: Served over plain HTTP: browsers ignore HSTS here')
  })

  it('treats a report-only CSP as not enforced', () => {
    const r = ratings({ 'Content-Security-Policy-Report-Only': "default-src 'self'" })
    expect(r['Content-Security-Policy']).toBe('weak: Only a report-only policy: nothing is enforced')
  })
})
