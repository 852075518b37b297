import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { WebsiteCheckResult } from '../../../shared/tools/website-check/schema.ts'
import { SiteRecordsReport } from './site-records-report.tsx'
import { StandardsReport } from './standards-report.tsx'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')

const base: WebsiteCheckResult = {
  url: 'https://valid.shop.web/',
  finalUrl: 'https://valid.shop.web/',
  up: true,
  finalStatus: 200,
  statusText: 'OK',
  hops: [],
  headers: [],
  securityHeaders: [],
  bodyBytes: 10,
  bodyTruncated: false,
  tls: null,
  standards: [],
}

const present: WebsiteCheckResult = {
  ...base,
  securityTxt: {
    url: 'https://valid.shop.web/.well-known/security.txt',
    finalUrl: 'https://valid.shop.web/.well-known/security.txt',
    state: 'present',
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    signed: true,
    contact: ['mailto:security@shop.web', 'tel:+1-201-555-0123'],
    expires: '2026-08-30T12:00:00.000Z',
    encryption: ['https://valid.shop.web/pgp-key.txt'],
    policy: [],
    preferredLanguages: 'en, de',
    canonical: ['https://valid.shop.web/.well-known/security.txt'],
    acknowledgments: [],
    hiring: [],
  },
  caa: {
    host: 'valid.shop.web',
    state: 'found',
    foundAt: 'shop.web',
    asked: ['valid.shop.web', 'shop.web'],
    records: [
      { flags: 0, tag: 'issue', value: 'ca.shop.test' },
      { flags: 128, tag: 'issuewild', value: ';' },
      { flags: 0, tag: 'iodef', value: 'mailto:security@shop.web' },
    ],
  },
  dnssec: {
    host: 'valid.shop.web',
    type: 'A',
    status: 'bogus',
    reason: 'Bogus: the RRSIG of A expired',
    failureSource: 'target',
  },
}

describe('SiteRecordsReport', () => {
  it('lists the security.txt fields, says a signature is not verified, and lists the CAA set with where it was found', () => {
    const html = text(renderToStaticMarkup(<SiteRecordsReport result={present} />))
    expect(html).toContain('Found at https://valid.shop.web/.well-known/security.txt')
    expect(html).toContain(
      'Contact mailto:security@shop.web Contact tel:+1-201-555-0123 Expires 2026-08-30T12:00:00.000Z',
    )
    expect(html).toContain('Preferred-Languages en, de')
    expect(html).toContain('Signature OpenPGP cleartext signature present, not verified')
    expect(html).toContain('Found at shop.web (applies to valid.shop.web, which has none of its own)')
    expect(html).toContain('issue ca.shop.test 0 issuewild ; 128 (critical) iodef mailto:security@shop.web 0')
    expect(html).toContain('Signed but bogus (valid.shop.web A) Bogus: the RRSIG of A expired')
  })

  it('says why there is no file, that any CA may issue without CAA, and that an unsigned host is unsigned', () => {
    const absent: WebsiteCheckResult = {
      ...base,
      securityTxt: {
        ...(present.securityTxt as NonNullable<WebsiteCheckResult['securityTxt']>),
        state: 'absent',
        error: 'No security.txt at https://valid.shop.web/.well-known/security.txt: answered HTTP 404',
      },
      caa: { host: 'www.plain', state: 'none', foundAt: null, asked: ['www.plain', 'plain'], records: [] },
      dnssec: { host: 'www.plain', type: 'A', status: 'insecure', reason: 'plain. has no DS in the root' },
    }
    const html = text(renderToStaticMarkup(<SiteRecordsReport result={absent} />))
    expect(html).toContain('No security.txt at https://valid.shop.web/.well-known/security.txt: answered HTTP 404')
    expect(html).not.toContain('Contact')
    expect(html).toContain('No CAA: any CA may issue certificates for www.plain (asked www.plain, plain)')
    expect(html).toContain('Unsigned (www.plain A) plain. has no DS in the root')
  })

  it('draws nothing for a result saved before these records were read', () => {
    expect(renderToStaticMarkup(<SiteRecordsReport result={base} />)).toBe('')
  })

  it('shows the security.txt and DNS categories in the standards report with the fix of a failed check', () => {
    const html = text(
      renderToStaticMarkup(
        <StandardsReport
          categories={[
            {
              id: 'security-txt',
              name: 'security.txt',
              score: 0,
              checks: [
                {
                  id: 'security-txt-contact',
                  name: 'security.txt Contact',
                  verdict: 'fail',
                  detail: 'No Contact field: RFC 9116 requires at least one',
                  failureSource: 'target',
                },
              ],
            },
            {
              id: 'dns',
              name: 'DNS: CAA & DNSSEC',
              score: null,
              checks: [
                {
                  id: 'dnssec',
                  name: 'DNSSEC (signed and validated host)',
                  verdict: 'not-tested',
                  detail: 'Could not be determined (valid.shop.web A): the resolver did not answer in time',
                  failureSource: 'server',
                },
              ],
            },
          ]}
        />,
      ),
    )
    expect(html).toContain(
      'security.txt score 0/100 Fail security.txt Contact No Contact field: RFC 9116 requires at least one',
    )
    expect(html).toContain('Contact: mailto:security@example.com')
    expect(html).toContain(
      'DNS: CAA & DNSSEC score not tested Not tested DNSSEC (signed and validated host) Could not be determined',
    )
  })
})
