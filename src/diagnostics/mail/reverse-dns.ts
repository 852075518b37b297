// Reverse DNS of a mail server address: its PTR names, and whether one resolves back to it
// (forward-confirmed reverse DNS, which receivers check before accepting mail).
import ipaddr from 'ipaddr.js'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

export interface ReverseDns {
  ptr: string[]
  forwardConfirmed: boolean
  /** The PTR lookup failed (timeout, SERVFAIL): no answer, which is not "no PTR record". */
  ptrError?: string
}

/** Answers that mean "no such record"; anything else is a failed lookup. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA'])

const MAX_NAMES = 3

/** "1.2.3.4" → "4.3.2.1.in-addr.arpa"; IPv6 as nibbles under ip6.arpa. */
export function reverseName(address: string): string {
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().reverse().join('.')}.in-addr.arpa`
  const nibbles = parsed
    .toByteArray()
    .flatMap((byte) => [byte >> 4, byte & 0x0f])
    .map((n) => n.toString(16))
  return `${nibbles.reverse().join('.')}.ip6.arpa`
}

async function listOrEmpty(resolve: RecordResolver, name: string, type: string): Promise<string[]> {
  try {
    return (await resolve(name, type)).map(String)
  } catch {
    return []
  }
}

export async function lookupReverseDns(address: string, resolve: RecordResolver): Promise<ReverseDns> {
  let ptr: string[]
  const name = reverseName(address)
  try {
    ptr = (await resolve(name, 'PTR')).map(String)
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error'
    if (!NO_RECORD.has(code)) {
      return { ptr: [], forwardConfirmed: false, ptrError: `the PTR lookup of ${name} failed (${code})` }
    }
    ptr = []
  }
  const family = parseIpLiteral(address)?.family
  const type = family === 6 ? 'AAAA' : 'A'
  const confirmations = await Promise.all(
    ptr.slice(0, MAX_NAMES).map(async (name) => {
      const forward = await listOrEmpty(resolve, name, type)
      return forward.some((a) => parseIpLiteral(a)?.address === address)
    }),
  )
  return { ptr, forwardConfirmed: confirmations.some(Boolean) }
}
