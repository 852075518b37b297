import { describe, expect, it } from 'vitest'
import { addressQueryName, domainQueryName, fitsInDns, lookupAddress } from './query-name.ts'

describe('DNSBL query names', () => {
  it('addressQueryName() reverses the IPv4 octets before the zone', () => {
    expect(addressQueryName({ address: '192.0.2.99', family: 4 }, 'zen.spamhaus.org')).toBe(
      '99.2.0.192.zen.spamhaus.org',
    )
  })

  it('addressQueryName() writes IPv6 as 32 reversed nibbles before the zone', () => {
    const name = addressQueryName({ address: '2001:db8::1', family: 6 }, 'v6.example.org')
    expect(name).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.v6.example.org')
    expect(name.split('.')).toHaveLength(35)
  })

  it('lookupAddress() turns an IPv4-mapped IPv6 address into the IPv4 address it carries', () => {
    expect(lookupAddress({ address: '::ffff:c000:263', family: 6 })).toEqual({ address: '192.0.2.99', family: 4 })
    expect(lookupAddress({ address: '2001:db8::5', family: 6 })).toEqual({ address: '2001:db8::5', family: 6 })
  })

  it('domainQueryName() puts the lower-cased domain before the zone', () => {
    expect(domainQueryName('Example.COM.', 'dbl.spamhaus.org')).toBe('example.com.dbl.spamhaus.org')
  })

  it('fitsInDns() refuses names over 253 characters', () => {
    expect(fitsInDns(`${`${'a'.repeat(60)}.`.repeat(4)}dbl.spamhaus.org`)).toBe(false)
    expect(fitsInDns('example.com.dbl.spamhaus.org')).toBe(true)
  })
})
