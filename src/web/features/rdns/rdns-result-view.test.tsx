import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { RdnsResult } from '../../../shared/tools/rdns/schema.ts'
import { RdnsResultView } from './rdns-result-view.tsx'

const result: RdnsResult = {
  ip: '198.51.100.50',
  family: 4,
  reverseName: '50.100.51.198.in-addr.arpa',
  server: '198.51.100.53:53',
  rcode: 'NOERROR',
  queryTimeMs: 2,
  forwardConfirmed: true,
  ptrs: [
    { name: 'sip.example.test', ttl: 3600, confirmation: 'confirmed', forwardAddresses: ['198.51.100.50'] },
    {
      name: 'voice.example.test',
      ttl: 3600,
      confirmation: 'unresolved',
      forwardAddresses: [],
      forwardError: 'NXDOMAIN',
    },
  ],
}

describe('RdnsResultView', () => {
  const html = renderToStaticMarkup(<RdnsResultView result={result} />)

  it('shows each PTR name with its TTL, forward addresses and verdict', () => {
    expect(html).toMatch(
      /sip\.example\.test<\/td><td[^>]*>3600<\/td><td[^>]*>198\.51\.100\.50<\/td><td[^>]*><span[^>]*>Confirmed/,
    )
    expect(html).toMatch(/voice\.example\.test<\/td>.*NXDOMAIN.*Does not resolve/)
  })

  it('states whether the address is forward-confirmed', () => {
    expect(html).toMatch(/Forward-confirmed: <span[^>]*>yes<\/span>/)
  })

  it('draws neither a PTR table nor a forward verdict when our resolver gave no answer', () => {
    const refused = renderToStaticMarkup(
      <RdnsResultView result={{ ...result, rcode: 'REFUSED', ptrs: [], forwardConfirmed: false }} />,
    )
    expect(refused).toContain('No answer: this server&#x27;s resolver answered REFUSED; the PTR records are unknown')
    expect(refused).not.toContain('Forward-confirmed')
    expect(refused).not.toContain('<table')
  })
})
