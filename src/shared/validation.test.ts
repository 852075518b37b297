import { describe, expect, it } from 'vitest'
import {
  dnsNameInput,
  domainInput,
  domainOrIpInput,
  isDomain,
  isIpv4,
  messages,
  whoisQueryInput,
} from './validation.ts'

describe('the product domain rule', () => {
  it.each(['example.com', 'a.b.example.co.uk', 'xn--bcher-kva.example', '1.example.net', `${'a'.repeat(63)}.com`])(
    'accepts %s',
    (value) => expect(isDomain(value)).toBe(true),
  )
  it.each(['bad_domain!', 'example', '-x.com', 'x.c', 'x.c0m', `${'a'.repeat(64)}.com`, 'a b.com', '1.2.3.4', ''])(
    'rejects %j',
    (value) => expect(isDomain(value)).toBe(false),
  )
})

describe('field schemas carry the product messages', () => {
  it('domain: blank gives the toast text, malformed gives "Invalid domain format"', () => {
    expect(domainInput.safeParse('  ').error?.issues[0]?.message).toBe(messages.blank)
    expect(domainInput.safeParse('bad_domain!').error?.issues[0]?.message).toBe('Invalid domain format')
    expect(domainInput.parse(' example.com ')).toBe('example.com')
  })
  it('domain or IP: accepts four numbers, rejects junk with "Invalid domain or IP format"', () => {
    expect(domainOrIpInput.safeParse('10.0.0.1').success).toBe(true)
    expect(domainOrIpInput.safeParse(';id').error?.issues[0]?.message).toBe('Invalid domain or IP format')
  })
  it('DNS names may start with service labels', () => {
    expect(dnsNameInput.safeParse('_sip._tcp.example.com').success).toBe(true)
    expect(dnsNameInput.safeParse('_dmarc.example.com').success).toBe(true)
    expect(dnsNameInput.safeParse('a_b.example.com').success).toBe(false)
  })
  it('IPv4 parts are limited to 0-255', () => {
    expect(isIpv4('255.255.255.255')).toBe(true)
    expect(isIpv4('256.1.1.1')).toBe(false)
    expect(isIpv4('1.2.3')).toBe(false)
  })
})

describe('whoisQueryInput', () => {
  it.each([
    'münchen.de',
    'BÜCHER.example',
    '例え.example',
    'xn--mnchen-3ya.de',
    'example.com',
    '198.51.100.7',
    'AS64500',
  ])('accepts %s, internationalised names checked in their ASCII form', (value) =>
    expect(whoisQueryInput.safeParse(value).success).toBe(true),
  )

  it('runs a Unicode name in its ASCII (punycode) form, and a pasted URL by its host', () => {
    expect(whoisQueryInput.parse(' münchen.de ')).toBe('xn--mnchen-3ya.de')
    expect(whoisQueryInput.parse('https://münchen.de/path')).toBe('xn--mnchen-3ya.de')
  })

  it.each(['münchen', 'bad_domäin!.de', 'user@münchen.de', 'mün chen.de'])(
    'rejects %j with "Invalid domain format"',
    (value) => expect(whoisQueryInput.safeParse(value).error?.issues[0]?.message).toBe('Invalid domain format'),
  )
})
