// Reverse DNS of a mail server address: its PTR names, and whether one resolves back to it
// (forward-confirmed reverse DNS, which receivers check before accepting mail).
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

export interface ReverseDns {
  ptr: string[]
  forwardConfirmed: boolean
  /** The PTR lookup failed (timeout, SERVFAIL): no answer, which is not "no PTR record". */
  ptrError?: string
}

const MAX_NAMES = 3

async function listOrEmpty(resolve: RecordResolver, name: string, type: string): Promise<string[]> {
  try {
    return (await resolve(name, type)).map(String)
  } catch {
    return []
  }
}

export async function lookupReverseDns(
  address: string,
  deps: { net: Pick<Net, 'lookUpPtr'>; resolve: RecordResolver; signal: AbortSignal },
): Promise<ReverseDns> {
  const literal = parseIpLiteral(address)
  if (!literal) return { ptr: [], forwardConfirmed: false, ptrError: `${address} is not an IP address` }
  const lookup = await deps.net.lookUpPtr(literal, { signal: deps.signal })
  const question = `${lookup.reverseName} PTR`
  if (!lookup.answered) {
    const why = lookup.reason === 'timeout' ? 'did not answer for' : 'could not be asked about'
    return { ptr: [], forwardConfirmed: false, ptrError: `this server's resolver ${why} ${question}` }
  }
  // NXDOMAIN and NODATA mean "no PTR record"; any other rcode is a lookup that failed.
  if (lookup.rcode !== 'NOERROR' && lookup.rcode !== 'NXDOMAIN') {
    return {
      ptr: [],
      forwardConfirmed: false,
      ptrError: `this server's resolver answered ${lookup.rcode} for ${question}`,
    }
  }
  const ptr = lookup.names
  const type = literal.family === 6 ? 'AAAA' : 'A'
  const confirmations = await Promise.all(
    ptr.slice(0, MAX_NAMES).map(async (name) => {
      const forward = await listOrEmpty(deps.resolve, name, type)
      return forward.some((a) => parseIpLiteral(a)?.address === address)
    }),
  )
  return { ptr, forwardConfirmed: confirmations.some(Boolean) }
}
