import { describe, expect, it } from 'vitest'
import { clientAddressKey, UNKNOWN_CLIENT } from './client-key.ts'

describe('clientAddressKey()', () => {
  it('counts every IPv4 address on its own', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7')
    expect(clientAddressKey('198.51.100.8')).toBe('198.51.100.8')
  })

  it('groups IPv6 addresses by their /64, whatever their notation', () => {
    const key = clientAddressKey('2001:db8:1:2::1')
    expect(key).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key)
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key)
  })

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
  })

  it('puts clients without a usable address under one shared key', () => {
    expect(clientAddressKey(undefined)).toBe(UNKNOWN_CLIENT)
    expect(clientAddressKey('not-an-ip')).toBe(UNKNOWN_CLIENT)
  })
})
