// Forward confirmation of a PTR name: does the name resolve back to the address?
import type { RdnsPtr } from '../../shared/tools/rdns.ts'
import { queryDns } from '../dns/query.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'

type Confirmation = Pick<RdnsPtr, 'confirmation' | 'forwardAddresses' | 'forwardError'>

export async function confirmForward(
  name: string,
  ip: IpLiteral,
  resolver: Endpoint,
  signal: AbortSignal,
): Promise<Confirmation> {
  const type = ip.family === 4 ? 'A' : 'AAAA'
  try {
    const reply = await queryDns(name, type, resolver, { signal })
    // The answer may be a CNAME chain; every address at its end counts.
    const forwardAddresses = reply.answers
      .filter((r) => r.type === type)
      .map((r) => parseIpLiteral(r.value)?.address ?? r.value)
    if (reply.rcode !== 'NOERROR') return { confirmation: 'unresolved', forwardAddresses, forwardError: reply.rcode }
    if (forwardAddresses.length === 0) {
      return { confirmation: 'unresolved', forwardAddresses, forwardError: `no ${type} record` }
    }
    return { confirmation: forwardAddresses.includes(ip.address) ? 'confirmed' : 'mismatch', forwardAddresses }
  } catch (error) {
    const reason = error instanceof DnsTimeoutError ? 'timeout' : 'query failed'
    return { confirmation: 'unresolved', forwardAddresses: [], forwardError: reason }
  }
}
