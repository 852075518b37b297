// DNSBL query names (RFC 5782): reversed IPv4 octets, reversed IPv6 nibbles, or the domain itself.
import { type IpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'
import { reversedLabels } from '../net/reverse-dns.ts'

/** An address that carries an IPv4 address is looked up as that IPv4 address. */
export const lookupAddress = unwrapIpv4

export function addressQueryName(address: IpLiteral, zone: string): string {
  return `${reversedLabels(address)}.${zone}`
}

export function domainQueryName(domain: string, zone: string): string {
  return `${domain.replace(/\.$/, '').toLowerCase()}.${zone}`
}

/** DNS names are at most 253 characters in text form. */
export function fitsInDns(name: string): boolean {
  return name.length <= 253 && name.split('.').every((label) => label.length > 0 && label.length <= 63)
}
