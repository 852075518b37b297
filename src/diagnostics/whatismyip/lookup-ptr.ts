// The PTR name of the caller's address, asked through our own DNS client from the configured resolver.
import { formatEndpoint } from '../net/endpoint.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { lookUpPtr as askPtr } from '../net/reverse-dns.ts'

export type PtrAnswer = { name: string } | { note: string }

export async function lookUpPtr(
  address: IpLiteral,
  net: Pick<Net, 'resolvers'>,
  signal: AbortSignal,
): Promise<PtrAnswer> {
  const resolver = net.resolvers[0]
  if (!resolver) return { note: 'No DNS resolver is configured on this server for the reverse name' }
  const answer = await askPtr(address, resolver, { signal, timeoutMs: 2000 })
  if (!answer.answered) {
    const reason = answer.timeout ? 'no answer (timeout)' : 'query failed'
    return { note: `Reverse DNS lookup at ${formatEndpoint(resolver)}: ${reason}` }
  }
  const [name] = answer.names
  if (name) return { name }
  const why = answer.rcode === 'NOERROR' ? 'no PTR record' : answer.rcode
  return { note: `No reverse DNS name: ${why} for ${answer.reverseName}` }
}
