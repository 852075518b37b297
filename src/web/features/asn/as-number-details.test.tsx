import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AsnNumberResult } from '../../../shared/tools/asn/schema.ts'
import { AsNumberDetails } from './as-number-details.tsx'

const result = (ipv4: number, ipv6: number): AsnNumberResult => ({
  kind: 'as-number',
  asn: 64_500,
  name: 'EXAMPLE-NET',
  prefixes: {
    ipv4: Array.from({ length: ipv4 }, (_, i) => `198.51.${i}.0/24`),
    ipv6: Array.from({ length: ipv6 }, (_, i) => `2001:db8:${i.toString(16)}::/48`),
  },
  notes: [],
  attributions: [],
})

describe('AsNumberDetails', () => {
  it('lists the prefixes in the page, with no box that scrolls on its own', () => {
    const html = renderToStaticMarkup(<AsNumberDetails result={result(3, 1)} />)
    expect(html).toContain('IPv4: 3 prefixes')
    expect(html).toContain('IPv6: 1 prefix<')
    expect(html).toContain('198.51.2.0/24')
    expect(html).not.toMatch(/max-h-|overflow-y-auto/)
    expect(html).not.toContain('Show all')
  })

  it('shows the first 40 of a long list and offers the rest', () => {
    const html = renderToStaticMarkup(<AsNumberDetails result={result(100, 0)} />)
    expect(html).toContain('198.51.39.0/24')
    expect(html).not.toContain('198.51.40.0/24')
    expect(html).toContain('Show all 100 IPv4 prefixes')
    expect(html).toContain('aria-expanded="false"')
  })
})
