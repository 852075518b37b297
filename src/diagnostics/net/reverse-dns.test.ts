import { describe, expect, it } from 'vitest'
import { reversedLabels, reverseName } from './reverse-dns.ts'

describe('reverseName()', () => {
  it('reverses the octets of an IPv4 address under in-addr.arpa', () => {
    expect(reverseName({ address: '198.51.100.7', family: 4 })).toBe('7.100.51.198.in-addr.arpa')
    expect(reverseName({ address: '0.0.0.0', family: 4 })).toBe('0.0.0.0.in-addr.arpa')
  })

  it('writes all 32 nibbles of an IPv6 address, reversed, under ip6.arpa', () => {
    expect(reverseName({ address: '2001:db8::10', family: 6 })).toBe(
      '0.1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    )
    expect(reverseName({ address: '::1', family: 6 })).toBe(`1.${'0.'.repeat(31)}ip6.arpa`)
  })
})

describe('reversedLabels()', () => {
  it('gives the reversed labels alone, for names under other zones (block lists)', () => {
    expect(reversedLabels({ address: '192.0.2.99', family: 4 })).toBe('99.2.0.192')
    expect(reversedLabels({ address: '2001:db8::1', family: 6 }).split('.')).toHaveLength(32)
  })
})
