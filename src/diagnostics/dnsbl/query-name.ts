// DNSBL query names (RFC 5782): reversed IPv4 octets, reversed IPv6 nibbles, or the domain itself.
import ipaddr from 'ipaddr.js'
import { type IpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'

/** An address that carries an IPv4 address is looked up as that IPv4 address. */
export const lookupAddress = unwrapIpv4

/** "192.0.2.1" → "1.2.0.192"; "2001:db8::1" → "1.0.0.0...8.b.d.0.1.0.0.2" (32 nibbles). */
export function reversedLabels(address: IpLiteral): string {
  if (address.family === 4) return address.address.split('.').reverse().join('.')
  const bytes = ipaddr.IPv6.parse(address.address).toByteArray()
  const nibbles = bytes.flatMap((byte) => [byte >> 4, byte & 0x0f]).map((n) => n.toString(16))
  return nibbles.reverse().join('.')
}

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
