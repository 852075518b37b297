import { describe, expect, it } from 'vitest'
import { judgeSecurityTxt } from './security-txt-checks.ts'
import type { SecurityTxtFetch } from './security-txt-fetch.ts'

const NOW = new Date('2026-06-01T00:00:00Z')
const URL_ASKED = new URL('https://site.test/.well-known/security.txt')

function answered(body: string, more: Partial<Extract<SecurityTxtFetch, { ok: true }>> = {}): SecurityTxtFetch {
  return {
    ok: true,
    url: URL_ASKED,
    finalUrl: URL_ASKED,
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body,
    truncated: false,
    ...more,
  }
}

function verdicts(fetched: SecurityTxtFetch) {
  const { checks, report } = judgeSecurityTxt(fetched, NOW)
  return { report, by: Object.fromEntries(checks.map((c) => [c.id, `${c.verdict}: ${c.detail}`])) }
}

const VALID = [
  'Contact: mailto:security@site.test',
  'Expires: 2026-12-01T00:00:00Z',
  'Canonical: https://site.test/.well-known/security.txt',
  'Preferred-Languages: en, fr',
  'Policy: https://site.test/policy',
].join('\n')

describe('judgeSecurityTxt()', () => {
  it('passes a file with Contact, Expires within a year and a matching Canonical, and warns it is unsigned', () => {
    const { by, report } = verdicts(answered(VALID))
    expect(by['security-txt']).toBe('pass: Found at https://site.test/.well-known/security.txt')
    expect(by['security-txt-contact']).toBe('pass: Contact: mailto:security@site.test')
    expect(by['security-txt-expires']).toBe('pass: Expires 2026-12-01T00:00:00Z (in 183 days)')
    expect(by['security-txt-content-type']).toBe('pass: Content-Type: text/plain; charset=utf-8')
    expect(by['security-txt-canonical']).toBe(
      'pass: Canonical names the URL fetched: https://site.test/.well-known/security.txt',
    )
    expect(by['security-txt-signature']).toBe('warning: Not signed: RFC 9116 recommends an OpenPGP cleartext signature')
    expect(by['security-txt-fields']).toBe('pass: Policy: https://site.test/policy; Preferred-Languages: en, fr')
    expect(report).toMatchObject({
      state: 'present',
      contact: ['mailto:security@site.test'],
      preferredLanguages: 'en, fr',
    })
  })

  it('fails an expired file and warns on one more than a year ahead', () => {
    const expired = verdicts(answered('Contact: mailto:a@site.test\nExpires: 2026-05-01T00:00:00Z'))
    expect(expired.by['security-txt-expires']).toBe(
      'fail: Expired 31 days ago (Expires: 2026-05-01T00:00:00Z): its contents should no longer be trusted',
    )
    const far = verdicts(answered('Contact: mailto:a@site.test\nExpires: 2028-06-01T00:00:00Z'))
    expect(far.by['security-txt-expires']).toMatch(/^warning: Expires 2028-06-01T00:00:00Z is 731 days ahead/)
  })

  it('fails a file without Contact or Expires, and a Canonical naming another URL', () => {
    const { by } = verdicts(answered('Canonical: https://other.test/.well-known/security.txt\nPolicy: not a uri'))
    expect(by['security-txt-contact']).toBe('fail: No Contact field: RFC 9116 requires at least one')
    expect(by['security-txt-expires']).toBe('fail: No Expires field: RFC 9116 requires one')
    expect(by['security-txt-canonical']).toBe(
      'fail: No Canonical URI is the URL fetched (https://site.test/.well-known/security.txt): https://other.test/.well-known/security.txt',
    )
    expect(by['security-txt-fields']).toBe('warning: Policy: not a uri; Policy is not a URI: not a uri')
  })

  it('fails a file served as text/html, warns without charset, and fails one found over plain HTTP', () => {
    expect(verdicts(answered(VALID, { contentType: 'text/html' })).by['security-txt-content-type']).toBe(
      'fail: Served as text/html: RFC 9116 requires text/plain',
    )
    expect(verdicts(answered(VALID, { contentType: 'text/plain' })).by['security-txt-content-type']).toBe(
      'warning: Content-Type: text/plain: RFC 9116 asks for charset=utf-8',
    )
    const plain = new URL('http://site.test/.well-known/security.txt')
    expect(verdicts(answered(VALID, { url: plain, finalUrl: plain })).by['security-txt']).toBe(
      'fail: Found at http://site.test/.well-known/security.txt, over plain HTTP: RFC 9116 requires HTTPS',
    )
  })

  it('says a signature is present but not verified', () => {
    const signed = `-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n${VALID}\n-----BEGIN PGP SIGNATURE-----\n\nAAAA\n-----END PGP SIGNATURE-----\n`
    const { by, report } = verdicts(answered(signed))
    expect(by['security-txt-signature']).toBe(
      'pass: OpenPGP cleartext signature present, not verified: the site publishes no key this check could trust',
    )
    expect(report.signed).toBe(true)
    expect(by['security-txt-contact']).toBe('pass: Contact: mailto:security@site.test')
  })

  it('reports a 404 or an HTML page as absent, and leaves the field checks untested', () => {
    const missing = verdicts(answered('<h1>Not found</h1>', { status: 404, contentType: 'text/html' }))
    expect(missing.by['security-txt']).toBe(
      'warning: No security.txt at https://site.test/.well-known/security.txt: answered HTTP 404',
    )
    expect(missing.by['security-txt-contact']).toBe('not-tested: No security.txt to read')
    expect(missing.report.state).toBe('absent')
    const page = verdicts(answered('<!doctype html><p>home</p>', { contentType: 'text/html' }))
    expect(page.by['security-txt']).toBe(
      'warning: No security.txt at https://site.test/.well-known/security.txt: answered a text/html page without fields',
    )
  })

  it('says why nothing could be read, with whose failure it is', () => {
    const { checks, report } = judgeSecurityTxt(
      { ok: false, url: URL_ASKED, failureSource: 'target', error: 'no answer from site.test port 443 in time' },
      NOW,
    )
    expect(report.state).toBe('not-checked')
    expect(checks.map((c) => [c.verdict, c.failureSource])).toEqual(Array(7).fill(['not-tested', 'target']))
    expect(checks[0]?.detail).toBe(
      'Could not read https://site.test/.well-known/security.txt: no answer from site.test port 443 in time',
    )
  })
})
