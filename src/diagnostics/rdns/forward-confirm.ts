// Forward confirmation of a PTR name: does the name resolve back to the address?
import type { RdnsPtr } from '../../shared/tools/rdns/schema.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

type Confirmation = Pick<RdnsPtr, 'confirmation' | 'forwardAddresses' | 'forwardError'>

export async function confirmForward(
  name: string,
  ip: IpLiteral,
  net: Pick<Net, 'askDns'>,
  signal: AbortSignal,
): Promise<Confirmation> {
  const type = ip.family === 4 ? 'A' : 'AAAA'
  try {
    const { response } = await net.askDns({ name, type, signal })
    const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    // The answer may be a CNAME chain; every address at its end counts.
    const forwardAddresses = (response.answers ?? [])
      .filter((r) => r.type === type)
      .map((r) => {
        const value = String((r as { data: unknown }).data)
        return parseIpLiteral(value)?.address ?? value
      })
    if (rcode !== 'NOERROR') return { confirmation: 'unresolved', forwardAddresses, forwardError: rcode }
    if (forwardAddresses.length === 0) {
      return { confirmation: 'unresolved', forwardAddresses, forwardError: `no ${type} record` }
    }
    return { confirmation: forwardAddresses.includes(ip.address) ? 'confirmed' : 'mismatch', forwardAddresses }
  } catch (error) {
    const reason = error instanceof DnsTimeoutError ? 'timeout' : 'query failed'
    return { confirmation: 'unresolved', forwardAddresses: [], forwardError: reason }
  }
}
