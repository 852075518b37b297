import { describe, expect, it } from 'vitest'
import { parseIpLiteral, unwrapIpv4 } from './ip-literal.ts'

describe('parseIpLiteral()', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['8.8.8.8', '8.8.8.8'],
    ['2130706433', '127.0.0.1'],
    ['4294967295', '255.255.255.255'],
    ['0', '0.0.0.0'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['10.1.1', '10.1.0.1'],
    ['10.0x10203', '10.1.2.3'],
    ['192.168.0x1.0377', '192.168.1.255'],
    [' 10.0.0.1 ', '10.0.0.1'],
  ])('reads the IPv4 spelling %j as %s', (text, address) => {
    expect(parseIpLiteral(text)).toEqual({ address, family: 4 })
  })

  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['FE80::1', 'fe80::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['fe80::1%eth0.100', 'fe80::1'],
    ['[fe80::1%25eth0]', 'fe80::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['::FFFF:7F00:1', '::ffff:7f00:1'],
    ['64:ff9b::10.0.0.1', '64:ff9b::a00:1'],
    ['::127.0.0.1', '::7f00:1'],
    ['2606:4700::1111', '2606:4700::1111'],
  ])('reads the IPv6 spelling %j as %s', (text, address) => {
    expect(parseIpLiteral(text)).toEqual({ address, family: 6 })
  })

  it.each([
    ['a hostname', 'example.com'],
    ['a numeric-looking hostname', '1e5'],
    ['five parts', '1.2.3.4.5'],
    ['an octet above 255', '256.1.1.1'],
    ['a last part too large for two parts', '1.16777216'],
    ['a last part too large for three parts', '1.2.65536'],
    ['an integer above 32 bits', '4294967296'],
    ['an invalid octal digit', '08.1.1.1'],
    ['an empty part', '1..2.3'],
    ['a bare hex prefix', '0x'],
    ['a trailing dot', '127.0.0.1.'],
    ['IPv4 in brackets', '[127.0.0.1]'],
    ['two double colons', '1::2::3'],
    ['a group longer than four digits', '12345::1'],
    ['nine groups', '1:2:3:4:5:6:7:8:9'],
    ['a non-decimal dotted tail', '::ffff:0x7f.0.0.1'],
    ['a leading-zero dotted tail', '::ffff:0177.0.0.1'],
    ['an empty zone id', 'fe80::1%'],
    ['an unclosed bracket', '[::1'],
    ['an empty string', ''],
  ])('returns null for %s (%j)', (_, text) => {
    expect(parseIpLiteral(text)).toBeNull()
  })
})

describe('unwrapIpv4()', () => {
  it.each([
    ['::127.0.0.1', '127.0.0.1'],
    ['::7f00:1', '127.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::8.8.8.8', '8.8.8.8'],
    ['64:ff9b::1.1.1.1', '1.1.1.1'],
  ])('reads %s as the IPv4 address it carries, %s', (text, ipv4) => {
    const literal = parseIpLiteral(text)
    expect(literal && unwrapIpv4(literal)).toEqual({ address: ipv4, family: 4 })
  })

  it.each(['::1', '::', '2001:db8::1', '2002:7f00:1::', '1.2.3.4'])('leaves %s as it is', (text) => {
    const literal = parseIpLiteral(text)
    expect(literal && unwrapIpv4(literal)).toEqual(literal)
  })
})
