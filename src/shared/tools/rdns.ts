// Reverse DNS: the PTR names of an IP address, each checked forward (does it resolve back?).
import { z } from 'zod'
import { reverseIpInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'

export const rdnsRequest = toolRequest(reverseIpInput, z.object({}))

/** confirmed: the name resolves back to the address; mismatch: to other addresses only; unresolved: to none. */
export const ptrConfirmation = z.enum(['confirmed', 'mismatch', 'unresolved'])
export type PtrConfirmation = z.infer<typeof ptrConfirmation>

export const rdnsPtr = z.object({
  /** The host name, without the final dot. */
  name: z.string(),
  ttl: z.number(),
  confirmation: ptrConfirmation,
  /** The A (IPv4) or AAAA (IPv6) addresses the name resolves to. */
  forwardAddresses: z.array(z.string()),
  /** Why the forward lookup found no address: "NXDOMAIN", "no A record", "timeout", ... */
  forwardError: z.string().optional(),
})
export type RdnsPtr = z.infer<typeof rdnsPtr>

export const rdnsResult = z.object({
  /** The address, canonical form. */
  ip: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  /** "7.100.51.198.in-addr.arpa" or the nibble form under ip6.arpa. */
  reverseName: z.string(),
  server: z.string(),
  rcode: z.string(),
  queryTimeMs: z.number(),
  ptrs: z.array(rdnsPtr),
  /** At least one PTR name resolves back to the address (FCrDNS). */
  forwardConfirmed: z.boolean(),
})
export type RdnsResult = z.infer<typeof rdnsResult>

export const rdnsResponse = toolResponse('rdns', rdnsResult)

function confirmationText(ptr: RdnsPtr, ip: string): string {
  const record = ip.includes(':') ? 'AAAA' : 'A'
  switch (ptr.confirmation) {
    case 'confirmed':
      return `confirmed: ${ptr.name} resolves back to ${ip}`
    case 'mismatch':
      return `mismatch: ${ptr.name} resolves to ${ptr.forwardAddresses.join(', ')}, not ${ip}`
    case 'unresolved':
      return `not confirmed: ${ptr.name} has no ${record} record${ptr.forwardError ? ` (${ptr.forwardError})` : ''}`
  }
}

/** NOERROR or NXDOMAIN: the resolver answered about the name; any other rcode (REFUSED, SERVFAIL) is no answer. */
export function ptrAnswered(result: Pick<RdnsResult, 'rcode'>): boolean {
  return result.rcode === 'NOERROR' || result.rcode === 'NXDOMAIN'
}

/** What is said when our resolver gave no usable answer: nothing is known of the PTR records. */
export function ptrUnknownText(rcode: string): string {
  return `No answer: this server's resolver answered ${rcode}; the PTR records are unknown`
}

export function rdnsLines(result: RdnsResult): string[] {
  const lines = [`; Reverse DNS of ${result.ip} (${result.reverseName}.)`, `;; status: ${result.rcode}`, '']
  if (!ptrAnswered(result)) {
    lines.push(ptrUnknownText(result.rcode))
  } else if (result.ptrs.length === 0) {
    lines.push(`No PTR record for ${result.ip}`)
  } else {
    lines.push(';; ANSWER SECTION:')
    lines.push(...result.ptrs.map((ptr) => `${result.reverseName}.\t${ptr.ttl}\tIN\tPTR\t${ptr.name}.`))
    lines.push('', ';; FORWARD CONFIRMATION:')
    lines.push(...result.ptrs.map((ptr) => confirmationText(ptr, result.ip)))
    lines.push('', `Forward-confirmed reverse DNS: ${result.forwardConfirmed ? 'yes' : 'no'}`)
  }
  lines.push('', `;; Query time: ${result.queryTimeMs} msec`, `;; SERVER: ${result.server}`)
  return lines
}
