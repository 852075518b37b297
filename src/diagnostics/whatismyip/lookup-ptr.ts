// The PTR name of an address, asked through our own DNS client from the configured resolver.

import ipaddr from 'ipaddr.js'
import { DnsTimeoutError, exchangeDns } from '../net/dns-client.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

export function reverseZoneName(address: IpLiteral): string {
  const bytes = ipaddr.parse(address.address).toByteArray()
  if (address.family === 4) return `${bytes.reverse().join('.')}.in-addr.arpa`
  const nibbles = bytes.flatMap((byte) => [byte >> 4, byte & 15])
  return `${nibbles
    .reverse()
    .map((n) => n.toString(16))
    .join('.')}.ip6.arpa`
}

export type PtrAnswer = { name: string } | { note: string }

export async function lookUpPtr(
  address: IpLiteral,
  net: Pick<Net, 'resolvers'>,
  signal: AbortSignal,
): Promise<PtrAnswer> {
  const resolver = net.resolvers[0]
  if (!resolver) return { note: 'No DNS resolver is configured on this server for the reverse name' }
  const name = reverseZoneName(address)
  try {
    const { response } = await exchangeDns({
      name,
      type: 'PTR',
      server: resolver,
      signal,
      timeoutMs: 2000,
      attempts: 1,
    })
    const ptr = (response.answers ?? []).find((a) => a.type === 'PTR')
    if (ptr) return { name: String((ptr as { data: unknown }).data).replace(/\.$/, '') }
    const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    return { note: `No reverse DNS name: ${rcode === 'NOERROR' ? 'no PTR record' : rcode} for ${name}` }
  } catch (error) {
    const reason = error instanceof DnsTimeoutError ? 'no answer (timeout)' : 'query failed'
    return { note: `Reverse DNS lookup at ${formatEndpoint(resolver)}: ${reason}` }
  }
}
