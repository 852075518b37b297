// The product's input rules (docs/product.md) and their exact messages, shared by server and web.
import { z } from 'zod'
import { readTarget, type Target } from './input-rule.ts'
import { ambiguousIpv4Message } from './ipv4-spelling.ts'

export const messages = {
  blank: 'Please enter a valid domain or IP address',
  invalidDomain: 'Invalid domain format',
  invalidDomainOrIp: 'Invalid domain or IP format',
  invalidReverseIp: 'Invalid IP address format',
  ipRequired: 'Please enter an IP address',
  ipInvalid: 'Please enter a valid IP address',
  urlRequired: 'Please enter a URL',
  urlInvalid: 'Please enter a valid URL',
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a valid phone number',
} as const

/** Labels of up to 63 letters, digits and hyphens, starting with a letter or digit, then one or more endings of 2+ letters. */
export const DOMAIN_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]{0,62}(\.[a-zA-Z0-9][a-zA-Z0-9-]{0,62})*\.[a-zA-Z]{2,}$/

/** Dotted IPv4, each part 0-255. */
export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** The product's loose "four numbers" form accepted by the domain-or-IP check. */
const FOUR_NUMBERS = /^\d{1,3}(\.\d{1,3}){3}$/

export function isDomain(value: string): boolean {
  return value.length <= 253 && DOMAIN_PATTERN.test(value)
}

export function isIpv4(value: string): boolean {
  return IPV4_PATTERN.test(value)
}

export function isDomainOrIp(value: string): boolean {
  return isDomain(value) || FOUR_NUMBERS.test(value)
}

/** A required text field: blank input gets the product's generic toast message. */
export const requiredText = z.string().trim().min(1, messages.blank).max(2048, 'Input is too long')

/**
 * Refuses a host written as a legacy IPv4 spelling ("010.000.000.001", "0x7f.1", "127.1",
 * "2130706433"; ipv4-spelling.ts) before any other rule, with the address the system would read.
 */
const refuseAmbiguousIpv4 = {
  check: (value: string) => ambiguousIpv4Message(value) === undefined,
  params: {
    error: (issue: { input?: unknown }) => ambiguousIpv4Message(String(issue.input)) ?? messages.invalidDomainOrIp,
    abort: true,
  },
} as const

/** A required host, URL or address field: blank refused, then a legacy IPv4 spelling. */
const hostText = requiredText.refine(refuseAmbiguousIpv4.check, refuseAmbiguousIpv4.params)

/**
 * A tool's field read with the one input rule (input-rule.ts): a pasted URL or email gives its host,
 * then `pick` returns what the tool runs, or undefined for `message`.
 */
function targetField(base: z.ZodType<string, string>, pick: (target: Target) => string | undefined, message: string) {
  return base.transform((value, ctx) => {
    const target = readTarget(value)
    const picked = target.unreadable ? undefined : pick(target)
    if (picked === undefined) {
      ctx.addIssue({ code: 'custom', message, input: value })
      return z.NEVER
    }
    return picked
  })
}

/** The host of anything but an email address, when `accepts` takes it. */
const hostOf = (accepts: (host: string) => boolean) => (target: Target) =>
  !target.email && accepts(target.host) ? target.host : undefined

export const domainInput = targetField(hostText, hostOf(isDomain), messages.invalidDomain)
/**
 * DNS names: the product's domain rule, plus leading service labels such as _dmarc or _sip._tcp,
 * which record types like TXT and SRV live under.
 */
export function isDnsName(value: string): boolean {
  const withoutService = value.replace(/^(_[a-zA-Z0-9-]{1,62}\.)+/, '')
  return isDomain(withoutService.replace(/\.$/, ''))
}

export const dnsNameInput = targetField(hostText, hostOf(isDnsName), messages.invalidDomain)
export const domainOrIpInput = targetField(hostText, hostOf(isDomainOrIp), messages.invalidDomainOrIp)

/** IPv6 in text form (RFC 4291 §2.2), with an optional dotted IPv4 tail; no zone id. */
export function isIpv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(value)) return false
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (dotted && !isIpv4(dotted[1] ?? '')) return false
  const text = dotted ? `${value.slice(0, -(dotted[1] ?? '').length)}0:0` : value
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'))
  const groups = [...groupsOf(halves[0] ?? ''), ...groupsOf(halves[1] ?? '')]
  if (!groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8
}

/** The product's domain-or-IP check, extended to IPv6 addresses (ping, traceroute). */
export const hostInput = targetField(
  hostText,
  hostOf((host) => isDomainOrIp(host) || isIpv6(host)),
  messages.invalidDomainOrIp,
)

/** Dotted IPv4 (the product's four-part form) or IPv6. */
export function isIpAddress(value: string): boolean {
  return isIpv4(value) || isIpv6(value)
}

/** An autonomous system number written "AS64500" (any case). */
export function isAsNumber(value: string): boolean {
  const match = /^AS(\d{1,10})$/i.exec(value)
  return match !== null && Number(match[1]) <= 4_294_967_295
}

/** ASN and abuse checks: "Please enter an IP address" / "Please enter a valid IP address" (IPv6 accepted too). */
export const ipAddressInput = targetField(
  z
    .string()
    .trim()
    .min(1, messages.ipRequired)
    .max(2048, messages.ipInvalid)
    .refine(refuseAmbiguousIpv4.check, refuseAmbiguousIpv4.params),
  hostOf(isIpAddress),
  messages.ipInvalid,
)

/** Whois: the product's domain rule (on the ASCII form of a name typed in any script), plus IP addresses and AS numbers. */
export const whoisQueryInput = targetField(
  hostText,
  hostOf((host) => isDomain(host) || isIpAddress(host) || isAsNumber(host)),
  messages.invalidDomain,
)

/** Geolocation and blacklist: an IP or a domain. */
export const hostOrUrlInput = targetField(
  hostText,
  hostOf((host) => isDomain(host) || isIpAddress(host)),
  messages.invalidDomainOrIp,
)

/** DNS names typed in any script: the domain rule applies to, and the lookup runs, the ASCII (punycode) form. */
export const idnDnsNameInput = dnsNameInput

/** Reverse DNS: the product's dotted IPv4, and IPv6 beyond it; anything else "Invalid IP address format". */
export const reverseIpInput = targetField(hostText, hostOf(isIpAddress), messages.invalidReverseIp)

/** The mail test: a domain, the domain of an email address, or an IP address tested directly as a mail host. */
export const mailTargetInput = targetField(
  hostText,
  (target) => (isDomain(target.host) || isIpAddress(target.host) ? target.host : undefined),
  messages.invalidDomain,
)

/** The SSL check's target: the product's domain rule, optionally followed by ":port" (1-65535). */
export function isDomainWithPort(value: string): boolean {
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(value)
  if (!match?.[1]) return false
  const port = match[2] === undefined ? 443 : Number(match[2])
  return isDomain(match[1]) && port >= 1 && port <= 65_535
}

/** A URL's port is kept (`https://shop.test:8443/x` → shop.test:8443); without one the check uses 443, whatever the scheme. */
export const domainWithPortInput = targetField(
  hostText,
  (target) => {
    if (target.email || !isDomain(target.host)) return undefined
    return target.port === undefined ? target.host : `${target.host}:${target.port}`
  },
  messages.invalidDomain,
)

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//

/** The website check's URL: "https://" is prepended when no scheme is given; only http(s) URLs with a host. */
export function normalizeWebsiteUrl(value: string): string | null {
  const text = value.trim()
  try {
    const url = new URL(SCHEME.test(text) ? text : `https://${text}`)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null
    if (url.username !== '' || url.password !== '') return null
    // "shop.test." is the same site as "shop.test": the Host header and the certificate name have no dot.
    if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1)
    return url.href
  } catch {
    return null
  }
}

export const websiteUrlInput = z
  .string()
  .trim()
  .min(1, messages.urlRequired)
  .max(2048, 'Input is too long')
  .refine(refuseAmbiguousIpv4.check, refuseAmbiguousIpv4.params)
  .refine((value) => normalizeWebsiteUrl(value) !== null, messages.urlInvalid)
  .transform((value) => normalizeWebsiteUrl(value) ?? value)

export { ambiguousIpv4Message }
