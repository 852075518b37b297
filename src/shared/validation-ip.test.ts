import { isIPv6 } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readTarget } from './input-rule.ts'
import { hostOrUrlInput, ipAddressInput, isAsNumber, isIpv6, messages, whoisQueryInput } from './validation.ts'

describe('isIpv6()', () => {
  it.each(['::', '::1', '2001:db8::1', 'fe80::1:2', '1:2:3:4:5:6:7:8', '::ffff:192.0.2.1', '64:ff9b::1.2.3.4', '1::'])(
    'accepts %s',
    (value) => expect(isIpv6(value)).toBe(true),
  )
  it.each([
    ':',
    ':1::',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    '::ffff:256.1.1.1',
    'fe80::1%eth0',
    '1.2.3.4',
    'g::1',
  ])('rejects %s', (value) => expect(isIpv6(value)).toBe(false))
  it("agrees with Node's parser on generated strings", () => {
    const piece = fc.oneof(
      fc.constantFrom('::', ':', '.', '0', '1', 'ffff', 'abcd', '12345', '1.2.3.4', '255.255.255.255', '300.1.1.1'),
      fc.stringMatching(/^[0-9a-f]{1,4}$/),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join(':').replace(/:{3,}/g, '::')
        expect(isIpv6(text)).toBe(isIPv6(text))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('ipAddressInput', () => {
  it('gives "Please enter an IP address" for blank input', () => {
    expect(ipAddressInput.safeParse('  ').error?.issues[0]?.message).toBe(messages.ipRequired)
  })
  it('gives "Please enter a valid IP address" for a malformed address', () => {
    expect(ipAddressInput.safeParse('1.2.3.256').error?.issues[0]?.message).toBe('Please enter a valid IP address')
    expect(ipAddressInput.safeParse('example.com').error?.issues[0]?.message).toBe('Please enter a valid IP address')
  })
  it('accepts dotted IPv4 and IPv6, trimmed', () => {
    expect(ipAddressInput.parse(' 1.1.1.1 ')).toBe('1.1.1.1')
    expect(ipAddressInput.parse('2001:db8::1')).toBe('2001:db8::1')
  })
})

describe('whoisQueryInput', () => {
  it.each(['example.com', '1.1.1.1', '2001:db8::1', 'AS64500', 'as13335'])('accepts %s', (value) => {
    expect(whoisQueryInput.safeParse(value).success).toBe(true)
  })
  it('rejects anything else with "Invalid domain format"', () => {
    expect(whoisQueryInput.safeParse('bad_domain!').error?.issues[0]?.message).toBe('Invalid domain format')
    expect(whoisQueryInput.safeParse('AS99999999999').error?.issues[0]?.message).toBe('Invalid domain format')
  })
  it('limits AS numbers to 32 bits', () => {
    expect(isAsNumber('AS4294967295')).toBe(true)
    expect(isAsNumber('AS4294967296')).toBe(false)
  })
})

describe('readTarget() and hostOrUrlInput', () => {
  it.each([
    ['https://www.example.com:8443/path?q=1', 'www.example.com'],
    ['example.com/some/page', 'example.com'],
    ['http://[2001:db8::5]:8080/', '2001:db8::5'],
    ['2001:db8::5', '2001:db8::5'],
    ['  example.com  ', 'example.com'],
    ['münchen.example', 'xn--mnchen-3ya.example'],
  ])('reduces %s to %s', (input, host) => {
    expect(readTarget(input).host).toBe(host)
  })
  it('rejects what is neither a domain nor an IP with "Invalid domain or IP format"', () => {
    expect(hostOrUrlInput.safeParse('not a host').error?.issues[0]?.message).toBe('Invalid domain or IP format')
    expect(hostOrUrlInput.parse('https://example.com/x')).toBe('example.com')
  })
})
