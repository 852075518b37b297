// Reverse DNS as text: each PTR name and whether it resolves back.
import type { RdnsPtr, RdnsResult } from './schema.ts'

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
