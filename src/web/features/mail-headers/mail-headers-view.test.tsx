import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { MailHeadersResult } from '../../../shared/tools/mail-headers/schema.ts'
import { MailHeadersView } from './mail-headers-view.tsx'

const result: MailHeadersResult = {
  message: { from: 'alice@mail.test', to: 'bob@rcpt.test', subject: 'Quarterly report' },
  hops: [
    {
      number: 1,
      fromName: 'pc',
      fromAddress: '192.168.1.5',
      by: 'out.mail.test',
      with: 'ESMTPSA',
      tls: 'TLS',
      time: '2026-11-27T10:00:01.000Z',
      raw: '',
    },
    {
      number: 2,
      fromName: 'out.mail.test',
      fromAddress: '198.51.100.99',
      by: 'mx.rcpt.test',
      with: 'ESMTP',
      tls: 'none',
      time: '2026-11-27T09:58:01.000Z',
      delaySeconds: -120,
      raw: '',
    },
  ],
  totalSeconds: -120,
  auth: [
    {
      source: 'Authentication-Results',
      authservId: 'mx.rcpt.test',
      results: [{ method: 'dmarc', result: 'fail', properties: 'header.from=mail.test' }],
    },
  ],
  dkim: [
    {
      domain: 'mail.test',
      selector: 's1',
      algorithm: 'rsa-sha256',
      status: 'pass',
      detail: 'header signature verified with the live key; body hash not checked: the body was not pasted',
    },
  ],
  spf: {
    domain: 'mail.test',
    address: '198.51.100.99',
    status: 'fail',
    detail: 'mail.test does not authorise 198.51.100.99 (hop 2, -all)',
  },
  relays: [{ address: '192.168.1.5', status: 'skipped', detail: 'not looked up: private network (RFC 1918)' }],
  anomalies: [{ kind: 'dmarc-fail', text: 'DMARC fail stated by mx.rcpt.test (Authentication-Results)' }],
  notChecked: [],
}

describe('MailHeadersView', () => {
  const html = renderToStaticMarkup(<MailHeadersView result={result} />)

  it('draws the hops oldest first with their TLS, UTC time and a negative delay as clock skew', () => {
    expect(html).toContain('Hops, oldest first')
    expect(html).toMatch(/<th scope="row"[^>]*>1<\/th><td[^>]*>pc \(\[192\.168\.1\.5\]\)<\/td><td[^>]*>out\.mail\.test/)
    expect(html).toMatch(/>none<\/td><td[^>]*>2026-11-27 09:58:01 UTC<\/td><td[^>]*>clock skew \(−2 min\)</)
  })

  it('shows the stated results per server, and what this server re-checked with what it could not', () => {
    expect(html).toMatch(/mx\.rcpt\.test \(Authentication-Results\)<\/td><th scope="row"[^>]*>DMARC<\/th><td[^>]*>fail/)
    expect(html).toContain('DKIM s1._domainkey.mail.test')
    expect(html).toContain('body hash not checked: the body was not pasted')
    expect(html).toContain('not looked up: private network (RFC 1918)')
  })

  it('lists the anomalies', () => {
    expect(html).toMatch(/Anomalies<\/h3><ul[^>]*><li>DMARC fail stated by mx\.rcpt\.test/)
  })
})
