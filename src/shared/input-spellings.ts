// The spellings of the input rule's table (src/shared/input-rule.cases.ts): the kinds of text people
// type or paste, and the outcomes a tool's contract declares for each (`inputRule`): what the tool
// runs, or the exact message of its refusal (docs/product.md, "What each tool accepts").
import { messages } from './validation.ts'

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

/** What a tool does with every spelling. */
export type SpellingOutcomes = Readonly<Record<Spelling, Expected>>

/** A tool's rows of the table: its outcomes, and named variants run with options (DNS propagation). */
export interface InputRuleCases {
  expected: SpellingOutcomes
  variants?: Readonly<Record<string, { options: object; expected: SpellingOutcomes }>>
}

export const runs = (value: string): Expected => ({ runs: value })
export const refused = (message: string): Expected => ({ message })

export const HOST = runs('shop.test')
export const IDN = runs('xn--bcher-kva.example')
export const V6 = runs('2001:db8::1')
export const V4 = runs('203.0.113.7')

/** A domain or an IP address (ping, traceroute, geolocation, blacklist). */
export const hostOrIp = (message: string): SpellingOutcomes => ({
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
export const domainOnly: SpellingOutcomes = {
  ...hostOrIp(messages.invalidDomain),
  ipUrl: refused(messages.invalidDomain),
  bracketedIpv6: refused(messages.invalidDomain),
  ipv6Url: refused(messages.invalidDomain),
  spacedIpv4: refused(messages.invalidDomain),
}

/** An IP address only, written as one or as a URL's host (reverse DNS, ASN, abuse). */
export const ipOnly = (blank: string, invalid: string): SpellingOutcomes => ({
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
