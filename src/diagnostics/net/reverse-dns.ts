// Reverse DNS, once for every tool: the name a PTR record lives under (in-addr.arpa for IPv4,
// RFC 1035; nibbles under ip6.arpa, RFC 3596), and one PTR question to the configured resolver
// through our own DNS client, answering the names or why there are none.
import ipaddr from 'ipaddr.js'
import { DnsTimeoutError, exchangeDns } from './dns-client.ts'
import type { Endpoint } from './endpoint.ts'
import type { IpLiteral } from './ip-literal.ts'

export function reverseName(ip: IpLiteral): string {
  if (ip.family === 4) return `${ip.address.split('.').reverse().join('.')}.in-addr.arpa`
  const bytes = ipaddr.IPv6.parse(ip.address).toByteArray()
  const nibbles = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${[...nibbles].reverse().join('.')}.ip6.arpa`
}

export type PtrLookup =
  /** The resolver answered: the PTR names (none for NODATA), and its rcode. */
  | { answered: true; names: string[]; rcode: string; reverseName: string }
  /** No answer: a timeout or a failed exchange. */
  | { answered: false; timeout: boolean; reverseName: string }

export interface PtrLookupOptions {
  signal: AbortSignal
  timeoutMs: number
  attempts?: number
}

export async function lookUpPtr(ip: IpLiteral, resolver: Endpoint, options: PtrLookupOptions): Promise<PtrLookup> {
  const name = reverseName(ip)
  try {
    const { response } = await exchangeDns({
      name,
      type: 'PTR',
      server: resolver,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      attempts: options.attempts ?? 1,
    })
    const names = (response.answers ?? [])
      .filter((a) => a.type === 'PTR')
      .map((a) => String((a as { data: unknown }).data).replace(/\.$/, ''))
    const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    return { answered: true, names, rcode, reverseName: name }
  } catch (error) {
    return { answered: false, timeout: error instanceof DnsTimeoutError, reverseName: name }
  }
}
