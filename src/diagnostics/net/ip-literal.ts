// Recognises every spelling of an IP address that a resolver or URL parser would turn into one,
// and returns its canonical form, so the target policy sees the address a connection would use.
import { isIPv6 } from 'node:net'
import ipaddr from 'ipaddr.js'

export interface IpLiteral {
  /** Dotted decimal for IPv4; lowercase, compressed (RFC 5952) for IPv6, without a zone id. */
  address: string
  family: 4 | 6
}

const dottedQuadTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/

/**
 * IPv4 as inet_aton reads it: 1 to 4 parts, each decimal, octal (leading 0) or hex (0x);
 * the last part fills the remaining bytes ("127.1", "2130706433", "0x7f.1", "0177.0.0.1").
 */
function parseIpv4(text: string): IpLiteral | null {
  try {
    return { address: ipaddr.IPv4.parse(text).toString(), family: 4 }
  } catch {
    return null
  }
}

/** "::ffff:1.2.3.4" → "::ffff:102:304", so the groups are read as written (not remapped). */
function replaceDottedTail(text: string): string {
  return text.replace(dottedQuadTail, (_, a: string, b: string, c: string, d: string) => {
    const high = (Number(a) << 8) | Number(b)
    const low = (Number(c) << 8) | Number(d)
    return `${high.toString(16)}:${low.toString(16)}`
  })
}

/** IPv6, optionally in brackets and with a zone id ("fe80::1%eth0", "[fe80::1%25eth0]"). */
function parseIpv6(text: string): IpLiteral | null {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  const zoneAt = unbracketed.indexOf('%')
  if (zoneAt === unbracketed.length - 1) return null
  const bare = zoneAt === -1 ? unbracketed : unbracketed.slice(0, zoneAt)
  // Node's check follows inet_pton: strict groups, a strict dotted-decimal tail.
  if (!isIPv6(bare)) return null
  try {
    return { address: ipaddr.IPv6.parse(replaceDottedTail(bare)).toString(), family: 6 }
  } catch {
    return null
  }
}

export function parseIpLiteral(text: string): IpLiteral | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  return trimmed.includes(':') ? parseIpv6(trimmed) : parseIpv4(trimmed)
}

/** IPv6 forms that carry an IPv4 address in their last 32 bits: mapped, compatible and NAT64. */
const CARRIERS = ['::ffff:0:0/96', '::/96', '64:ff9b::/96'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr))

/**
 * An IPv6 address that carries an IPv4 address (::ffff:1.2.3.4, ::1.2.3.4, 64:ff9b::1.2.3.4) is
 * returned as that IPv4 address, so tools classify and look it up like the address it carries.
 */
export function unwrapIpv4(address: IpLiteral): IpLiteral {
  if (address.family !== 6) return address
  const parsed = ipaddr.IPv6.parse(address.address)
  // :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4 carriers.
  if (address.address === '::' || address.address === '::1') return address
  if (!CARRIERS.some((range) => parsed.match(range))) return address
  return { address: parsed.toByteArray().slice(12).join('.'), family: 4 }
}
