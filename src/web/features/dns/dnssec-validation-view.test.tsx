import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { DnssecValidation } from '../../../shared/tools/dns/schema.ts'
import { DnssecValidationView } from './dnssec-validation-view.tsx'

const key = (tag: number, role: 'KSK' | 'ZSK', signedKeys = false) => ({
  tag,
  algorithm: 'ECDSAP256SHA256',
  role,
  matchesDs: role === 'KSK',
  signedKeys,
})

const bogus: DnssecValidation = {
  name: 'www.example.test.',
  type: 'A',
  status: 'bogus',
  reason: 'Bogus: DS does not match: no DNSKEY of example.test. has the key tag of its DS record (4242)',
  failureSource: 'target',
  server: '127.0.0.1:53',
  chain: [
    {
      zone: '.',
      dsSource: 'trust-anchor',
      ds: ['20326 RSASHA256 SHA-256'],
      keys: [key(20326, 'KSK', true), key(1111, 'ZSK')],
      signatureInception: '2026-11-01T00:00:00Z',
      signatureExpiration: '2026-11-30T00:00:00Z',
      status: 'secure',
    },
    { zone: 'example.test.', dsSource: 'parent', ds: ['4242 ECDSAP256SHA256 SHA-256'], keys: [], status: 'bogus' },
  ],
}

describe('DnssecValidationView', () => {
  it('shows the verdict, whose failure it is and the chain with keys and signature window', () => {
    const html = renderToStaticMarkup(<DnssecValidationView validations={[bogus]} />)
    expect(html).toContain('>Bogus<')
    expect(html).toContain(bogus.reason)
    expect(html).toContain('Whose failure: the zone&#x27;s or the chosen server&#x27;s')
    expect(html).toContain('<caption class="sr-only">DNSSEC chain for www.example.test. A</caption>')
    expect(html).toContain('20326 KSK<span class="text-emerald-300"> · signed the keys</span>')
    expect(html).toContain('2026-11-01 to 2026-11-30')
    expect(html).toContain('Trust anchor')
    expect(html).toContain('DS in parent')
  })

  it('draws nothing for no validations', () => {
    expect(renderToStaticMarkup(<DnssecValidationView validations={[]} />)).toBe('')
  })
})
