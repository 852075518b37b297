// The name a PTR record lives under: in-addr.arpa for IPv4 (RFC 1035), nibbles under ip6.arpa (RFC 3596).
import ipaddr from 'ipaddr.js'
import type { IpLiteral } from '../net/ip-literal.ts'

export function reverseName(ip: IpLiteral): string {
  if (ip.family === 4) return `${ip.address.split('.').reverse().join('.')}.in-addr.arpa`
  const bytes = ipaddr.IPv6.parse(ip.address).toByteArray()
  const nibbles = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${[...nibbles].reverse().join('.')}.ip6.arpa`
}
