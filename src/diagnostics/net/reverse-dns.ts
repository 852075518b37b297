// Reverse DNS, once for every tool: the labels of an address reversed (octets under in-addr.arpa,
// RFC 1035; nibbles under ip6.arpa, RFC 3596; the same labels before a block list's zone, RFC 5782),
// and the one PTR question, asked through our own DNS client, answering the names or why there are none.
import ipaddr from 'ipaddr.js'
import { DnsTimeoutError, exchangeDns } from './dns-client.ts'
import type { Endpoint } from './endpoint.ts'
import type { IpLiteral } from './ip-literal.ts'

/** "198.51.100.7" → "7.100.51.198"; "2001:db8::1" → "1.0.0.0…8.b.d.0.1.0.0.2" (32 nibbles). */
export function reversedLabels(ip: IpLiteral): string {
  if (ip.family === 4) return ip.address.split('.').reverse().join('.')
  const bytes = ipaddr.IPv6.parse(ip.address).toByteArray()
  const nibbles = bytes.flatMap((byte) => [byte >> 4, byte & 0x0f]).map((n) => n.toString(16))
  return nibbles.reverse().join('.')
}

/** The name the address's PTR records live under. */
export function reverseName(ip: IpLiteral): string {
  return `${reversedLabels(ip)}.${ip.family === 4 ? 'in-addr' : 'ip6'}.arpa`
}

export interface PtrRecord {
  /** Without the final dot. */
  name: string
  ttl: number
}

export type PtrLookup =
  /** The resolver answered: its rcode and the PTR records (none for NODATA or NXDOMAIN). */
  | {
      answered: true
      reverseName: string
      server: Endpoint
      rcode: string
      records: PtrRecord[]
      names: string[]
      queryTimeMs: number
    }
  /** No answer: no resolver is configured, the question timed out, or it could not be sent. */
  | { answered: false; reverseName: string; server?: Endpoint; reason: 'no-resolver' | 'timeout' | 'failed' }

export interface PtrLookupOptions {
  signal: AbortSignal
  /** Per-attempt wait (the DNS client's default when absent). */
  timeoutMs?: number
  attempts?: number
}

export async function lookUpPtr(
  ip: IpLiteral,
  resolver: Endpoint | undefined,
  options: PtrLookupOptions,
): Promise<PtrLookup> {
  const name = reverseName(ip)
  if (!resolver) return { answered: false, reverseName: name, reason: 'no-resolver' }
  try {
    const { response, timeMs } = await exchangeDns({
      name,
      type: 'PTR',
      server: resolver,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      attempts: options.attempts,
    })
    const records = (response.answers ?? [])
      .filter((a) => a.type === 'PTR')
      .map((a) => ({
        name: String((a as { data: unknown }).data).replace(/\.$/, ''),
        ttl: (a as { ttl?: number }).ttl ?? 0,
      }))
    const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    return {
      answered: true,
      reverseName: name,
      server: resolver,
      rcode,
      records,
      names: records.map((r) => r.name),
      queryTimeMs: timeMs,
    }
  } catch (error) {
    const reason = error instanceof DnsTimeoutError ? 'timeout' : 'failed'
    return { answered: false, reverseName: name, server: resolver, reason }
  }
}
