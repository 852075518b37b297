// Reverse DNS of a mail server address: its PTR names, and whether one resolves back to it
// (forward-confirmed reverse DNS, which receivers check before accepting mail).
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { RecordResolver } from '../net/record-resolver.ts'
import { reverseName } from '../net/reverse-dns.ts'
import { describeLookupError } from './lookup-error.ts'

export interface ReverseDns {
  ptr: string[]
  forwardConfirmed: boolean
  /** The PTR lookup failed (timeout, SERVFAIL): no answer, which is not "no PTR record". */
  ptrError?: string
}

/** Answers that mean "no such record"; anything else is a failed lookup. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA'])

const MAX_NAMES = 3

async function listOrEmpty(resolve: RecordResolver, name: string, type: string): Promise<string[]> {
  try {
    return (await resolve(name, type)).map(String)
  } catch {
    return []
  }
}

export async function lookupReverseDns(address: string, resolve: RecordResolver): Promise<ReverseDns> {
  let ptr: string[]
  const literal = parseIpLiteral(address)
  if (!literal) return { ptr: [], forwardConfirmed: false, ptrError: `${address} is not an IP address` }
  const name = reverseName(literal)
  try {
    ptr = (await resolve(name, 'PTR')).map(String)
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error'
    if (!NO_RECORD.has(code)) {
      return { ptr: [], forwardConfirmed: false, ptrError: describeLookupError(error, name, 'PTR') }
    }
    ptr = []
  }
  const family = literal.family
  const type = family === 6 ? 'AAAA' : 'A'
  const confirmations = await Promise.all(
    ptr.slice(0, MAX_NAMES).map(async (name) => {
      const forward = await listOrEmpty(resolve, name, type)
      return forward.some((a) => parseIpLiteral(a)?.address === address)
    }),
  )
  return { ptr, forwardConfirmed: confirmations.some(Boolean) }
}
