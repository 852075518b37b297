// The address a client is counted under: an IPv4 address as it is, an IPv6 address by its /64
// (one subscriber usually holds a whole /64), an IPv4-mapped IPv6 address as the IPv4 address.
import { isIPv4 } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Clients whose address is unknown (a Unix socket without TRUST_PROXY) share one key. */
export const UNKNOWN_CLIENT = 'unknown'

export function clientAddressKey(ip: string | undefined): string {
  // A socket's IPv4 address, the common case (every accepted connection), needs no parsing.
  if (ip && isIPv4(ip)) return ip
  if (!ip || !ipaddr.isValid(ip)) return UNKNOWN_CLIENT
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') return address.toString()
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4)
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`
}
