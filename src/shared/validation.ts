// The spec's input rules (product-spec §5) and their exact messages, shared by server and web.
import { z } from 'zod'

export const messages = {
  blank: 'Please enter a valid domain or IP address',
  invalidDomain: 'Invalid domain format',
  invalidDomainOrIp: 'Invalid domain or IP format',
  invalidReverseIp: 'Invalid IP address format',
  ipRequired: 'Please enter an IP address',
  ipInvalid: 'Please enter a valid IP address',
  urlRequired: 'Please enter a URL',
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a valid phone number',
} as const

/** Labels of up to 63 letters, digits and hyphens, starting with a letter or digit, then one or more endings of 2+ letters. */
export const DOMAIN_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]{0,62}(\.[a-zA-Z0-9][a-zA-Z0-9-]{0,62})*\.[a-zA-Z]{2,}$/

/** Dotted IPv4, each part 0-255. */
export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** The spec's loose "four numbers" form accepted by the domain-or-IP check. */
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

/** A required text field: blank input gets the spec's generic toast message. */
export const requiredText = z.string().trim().min(1, messages.blank).max(2048, 'Input is too long')

export const domainInput = requiredText.refine(isDomain, messages.invalidDomain)
/**
 * DNS names: the spec's domain rule, plus leading service labels such as _dmarc or _sip._tcp,
 * which record types like TXT and SRV live under.
 */
export function isDnsName(value: string): boolean {
  const withoutService = value.replace(/^(_[a-zA-Z0-9-]{1,62}\.)+/, '')
  return isDomain(withoutService.replace(/\.$/, ''))
}

export const dnsNameInput = requiredText.refine(isDnsName, messages.invalidDomain)
export const domainOrIpInput = requiredText.refine(isDomainOrIp, messages.invalidDomainOrIp)
