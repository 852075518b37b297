import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { ambiguousIpv4Message, isLegacyIpv4, readLegacyIpv4, writtenHost } from './ipv4-spelling.ts'

describe('readLegacyIpv4()', () => {
  it.each([
    ['010.000.000.001', '8.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['10.1.65535', '10.1.255.255'],
  ])('reads %s as %s, as inet_aton does', (text, address) => {
    expect(readLegacyIpv4(text)).toBe(address)
    // ipaddr.js follows inet_aton too: a second reading we did not write.
    expect(ipaddr.IPv4.parse(text).toString()).toBe(address)
  })

  it.each(['08.0.0.1', '256.1', '1.2.65536.1', 'example.com'])('reads no address from %s', (text) => {
    expect(readLegacyIpv4(text)).toBeUndefined()
  })
})

describe('isLegacyIpv4()', () => {
  it.each(['010.000.000.001', '0x7f.1', '127.1', '2130706433', '1.2.3.4.', '1'])('calls %s legacy', (text) => {
    expect(isLegacyIpv4(text)).toBe(true)
  })

  it.each(['1.2.3.4', '255.255.255.255', '1.2.3.256', 'example.com', '::1', '1.2.3.4.5'])(
    'does not call %s legacy',
    (text) => {
      expect(isLegacyIpv4(text)).toBe(false)
      if (isIP(text) === 4) expect(isLegacyIpv4(text)).toBe(false)
    },
  )
})

describe('writtenHost()', () => {
  it.each([
    ['http://0x7f.1:8080/x?y#z', '0x7f.1'],
    ['user:pw@127.1/path', '127.1'],
    ['127.1:53', '127.1'],
    ['[::1]:53', '[::1]'],
    ['2001:db8::1', '2001:db8::1'],
    ['  example.com  ', 'example.com'],
  ])('finds the host of %s as written: %s', (value, host) => {
    expect(writtenHost(value)).toBe(host)
  })
})

describe('ambiguousIpv4Message()', () => {
  it('names the spelling and the address the system would read', () => {
    expect(ambiguousIpv4Message('https://010.000.000.001/')).toBe(
      '010.000.000.001 is an ambiguous IPv4 spelling (the system would read it as 8.0.0.1); ' +
        'write the address as four decimal numbers from 0 to 255',
    )
    expect(ambiguousIpv4Message('08.1.1.1')).toContain('(the system would not read it as any address)')
    expect(ambiguousIpv4Message('198.51.100.1')).toBeUndefined()
  })
})
