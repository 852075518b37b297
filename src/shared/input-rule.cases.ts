// The input rule as a table: every tool that takes input × the spellings people type or paste, with
// what the tool runs or the exact message it answers. The schema test (input-rule.test.ts), the
// HTTP API test (test/server/input-rule-api.test.ts) and the command-line test read the same rows,
// so the web form, the API and the CLI cannot drift apart (docs/product.md, "What each tool accepts").
import type { z } from 'zod'
import type { InputToolId, ToolId } from './catalogue.ts'
import { abuseRequest } from './tools/abuse/schema.ts'
import { asnMessages, asnRequest } from './tools/asn/schema.ts'
import { blacklistRequest } from './tools/blacklist/schema.ts'
import { dnsRequest } from './tools/dns/schema.ts'
import { geolocationRequest } from './tools/geolocation/schema.ts'
import { mailRequest } from './tools/mail/schema.ts'
import { headerMessages } from './tools/mail-headers/input.ts'
import { mailHeadersRequest } from './tools/mail-headers/schema.ts'
import { pingRequest } from './tools/ping/schema.ts'
import { rdnsRequest } from './tools/rdns/schema.ts'
import { sslRequest } from './tools/ssl/schema.ts'
import { tracerouteRequest } from './tools/traceroute/schema.ts'
import { websiteCheckRequest } from './tools/website-check/schema.ts'
import { whoisRequest } from './tools/whois/schema.ts'
import { messages } from './validation.ts'

/** Every tool that takes input, and DNS propagation (the DNS tool with its propagation option). */
export type InputTool = InputToolId | 'dns-propagation'

export const INPUT_TOOLS: Record<InputTool, { id: ToolId; request: z.ZodType; options?: object }> = {
  ping: { id: 'ping', request: pingRequest },
  traceroute: { id: 'traceroute', request: tracerouteRequest },
  whois: { id: 'whois', request: whoisRequest },
  dns: { id: 'dns', request: dnsRequest },
  'dns-propagation': { id: 'dns', request: dnsRequest, options: { type: 'A', propagation: true } },
  rdns: { id: 'rdns', request: rdnsRequest },
  ssl: { id: 'ssl', request: sslRequest },
  geolocation: { id: 'geolocation', request: geolocationRequest },
  blacklist: { id: 'blacklist', request: blacklistRequest },
  'website-check': { id: 'website-check', request: websiteCheckRequest },
  asn: { id: 'asn', request: asnRequest },
  abuse: { id: 'abuse', request: abuseRequest },
  mail: { id: 'mail', request: mailRequest },
  'mail-headers': { id: 'mail-headers', request: mailHeadersRequest },
}

/** The spellings, each a kind of text people type or paste. Addresses are documentation ranges only. */
export const SPELLINGS = {
  fullUrl: 'https://user:pw@shop.test:8443/path?q=1#frag',
  plainUrl: 'http://shop.test/path',
  ipUrl: 'http://203.0.113.7:8080/x',
  email: 'info@shop.test',
  mailto: 'mailto:info@shop.test?subject=hello',
  unicode: ' bücher.example ',
  punycode: 'xn--bcher-kva.example',
  bracketedIpv6: '[2001:db8::1]',
  ipv6Url: 'https://[2001:db8::1]:8443/',
  spacedIpv4: '  203.0.113.7  ',
  trailingDot: 'shop.test.',
  empty: '   ',
  junk: 'not a host!',
} as const

export type Spelling = keyof typeof SPELLINGS
/** What the tool runs (`runs`), or the message of its refusal (`message`). */
export type Expected = { runs: string } | { message: string }

const runs = (value: string): Expected => ({ runs: value })
const refused = (message: string): Expected => ({ message })

const HOST = runs('shop.test')
const IDN = runs('xn--bcher-kva.example')
const V6 = runs('2001:db8::1')
const V4 = runs('203.0.113.7')

/** A domain or an IP address (ping, traceroute, geolocation, blacklist). */
const hostOrIp = (message: string): Record<Spelling, Expected> => ({
  fullUrl: HOST,
  plainUrl: HOST,
  ipUrl: V4,
  email: refused(message),
  mailto: refused(message),
  unicode: IDN,
  punycode: IDN,
  bracketedIpv6: V6,
  ipv6Url: V6,
  spacedIpv4: V4,
  trailingDot: HOST,
  empty: refused(messages.blank),
  junk: refused(message),
})

/** A domain name only (DNS, DNS propagation). */
const domainOnly: Record<Spelling, Expected> = {
  ...hostOrIp(messages.invalidDomain),
  ipUrl: refused(messages.invalidDomain),
  bracketedIpv6: refused(messages.invalidDomain),
  ipv6Url: refused(messages.invalidDomain),
  spacedIpv4: refused(messages.invalidDomain),
}

/** An IP address only, written as one or as a URL's host (reverse DNS, ASN, abuse). */
const ipOnly = (blank: string, invalid: string): Record<Spelling, Expected> => ({
  fullUrl: refused(invalid),
  plainUrl: refused(invalid),
  ipUrl: V4,
  email: refused(invalid),
  mailto: refused(invalid),
  unicode: refused(invalid),
  punycode: refused(invalid),
  bracketedIpv6: V6,
  ipv6Url: V6,
  spacedIpv4: V4,
  trailingDot: refused(invalid),
  empty: refused(blank),
  junk: refused(invalid),
})

export const EXPECTED: Record<InputTool, Record<Spelling, Expected>> = {
  ping: hostOrIp(messages.invalidDomainOrIp),
  traceroute: hostOrIp(messages.invalidDomainOrIp),
  geolocation: hostOrIp(messages.invalidDomainOrIp),
  blacklist: hostOrIp(messages.invalidDomainOrIp),
  whois: { ...hostOrIp(messages.invalidDomain) },
  dns: domainOnly,
  'dns-propagation': domainOnly,
  ssl: { ...domainOnly, fullUrl: runs('shop.test:8443') },
  mail: { ...hostOrIp(messages.invalidDomain), email: HOST, mailto: HOST },
  rdns: ipOnly(messages.blank, messages.invalidReverseIp),
  abuse: ipOnly(messages.ipRequired, messages.ipInvalid),
  asn: { ...ipOnly(messages.ipRequired, messages.ipInvalid), junk: refused(asnMessages.neither) },
  'mail-headers': {
    ...(Object.fromEntries(Object.keys(SPELLINGS).map((s) => [s, refused(headerMessages.noHeaders)])) as Record<
      Spelling,
      Expected
    >),
    empty: refused(headerMessages.blank),
  },
  'website-check': {
    fullUrl: refused(messages.urlInvalid),
    plainUrl: runs('http://shop.test/path'),
    ipUrl: runs('http://203.0.113.7:8080/x'),
    email: refused(messages.urlInvalid),
    mailto: refused(messages.urlInvalid),
    unicode: runs('https://xn--bcher-kva.example/'),
    punycode: runs('https://xn--bcher-kva.example/'),
    bracketedIpv6: runs('https://[2001:db8::1]/'),
    ipv6Url: runs('https://[2001:db8::1]:8443/'),
    spacedIpv4: runs('https://203.0.113.7/'),
    trailingDot: runs('https://shop.test/'),
    empty: refused(messages.urlRequired),
    junk: refused(messages.urlInvalid),
  },
}

export interface InputCase {
  tool: InputTool
  spelling: Spelling
  input: string
  expected: Expected
}

/** One row per tool × spelling. */
export const INPUT_CASES: InputCase[] = (Object.keys(EXPECTED) as InputTool[]).flatMap((tool) =>
  (Object.keys(SPELLINGS) as Spelling[]).map((spelling) => ({
    tool,
    spelling,
    input: SPELLINGS[spelling],
    expected: EXPECTED[tool][spelling],
  })),
)
