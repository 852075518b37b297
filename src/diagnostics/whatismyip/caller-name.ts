// The PTR name of the caller's address, from the configured resolver, or a note saying why there is none.
import { formatEndpoint } from '../net/endpoint.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

export type PtrAnswer = { name: string } | { note: string }

export async function lookUpCallerName(
  address: IpLiteral,
  net: Pick<Net, 'lookUpPtr'>,
  signal: AbortSignal,
): Promise<PtrAnswer> {
  const answer = await net.lookUpPtr(address, { signal, timeoutMs: 2000, attempts: 1 })
  if (!answer.answered) {
    if (!answer.server) return { note: 'No DNS resolver is configured on this server for the reverse name' }
    const reason = answer.reason === 'timeout' ? 'no answer (timeout)' : 'query failed'
    return { note: `Reverse DNS lookup at ${formatEndpoint(answer.server)}: ${reason}` }
  }
  const [name] = answer.names
  if (name) return { name }
  const why = answer.rcode === 'NOERROR' ? 'no PTR record' : answer.rcode
  return { note: `No reverse DNS name: ${why} for ${answer.reverseName}` }
}
