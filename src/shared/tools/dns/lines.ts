// Text rendering of a DNS result, in dig's presentation style.

import { propagationLines } from './propagation.ts'
import {
  type DnsFlags,
  type DnsQueryResult,
  type DnsRecord,
  type DnsResult,
  type DnssecChainLink,
  type DnssecValidation,
  type DnsTraceStep,
  dnsCoverageSentence,
  dnsEmptySentence,
} from './schema.ts'

const fqdn = (name: string) => (name === '' || name === '.' ? '.' : `${name.replace(/\.$/, '')}.`)

function recordLine(r: DnsRecord): string {
  return `${fqdn(r.name)}\t${r.ttl}\t${r.class}\t${r.type}\t${r.value}`
}

function flagText(flags: DnsFlags): string {
  return (['qr', 'aa', 'tc', 'rd', 'ra', 'ad', 'cd'] as const).filter((f) => flags[f]).join(' ')
}

function queryLines(result: DnsResult, q: DnsQueryResult): string[] {
  const lines = [
    `; <<>> NetToolbox DNS <<>> ${result.name} ${q.type} @${result.server}${result.dnssec ? ' +dnssec' : ''}`,
    `;; ->>HEADER<<- opcode: QUERY, status: ${q.rcode}`,
    `;; flags: ${flagText(q.flags)}; QUERY: 1, ANSWER: ${q.answers.length}, AUTHORITY: ${q.authority.length}, ADDITIONAL: ${q.additional.length}`,
    '',
    ';; QUESTION SECTION:',
    `;${fqdn(result.name)}\t\tIN\t${q.type}`,
  ]
  for (const [title, records] of [
    ['ANSWER', q.answers],
    ['AUTHORITY', q.authority],
    ['ADDITIONAL', q.additional],
  ] as const) {
    if (records.length > 0) lines.push('', `;; ${title} SECTION:`, ...records.map(recordLine))
  }
  lines.push(
    '',
    `;; Query time: ${q.queryTimeMs} msec`,
    `;; SERVER: ${result.server} (${q.transport.toUpperCase()})`,
    '',
  )
  return lines
}

function serverText(step: DnsTraceStep): string {
  return step.serverName ? `${step.server} (${step.serverName})` : step.server
}

const received: Record<Exclude<DnsTraceStep['outcome'], 'failed'>, (step: DnsTraceStep) => string> = {
  referral: (step) => `referral to ${fqdn(step.referral ?? '')}`,
  answer: () => 'answer',
  nodata: () => 'no records of this type (NODATA)',
  nxdomain: () => 'NXDOMAIN',
}

/** One block per question of the walk, like dig +trace. */
export function traceLines(steps: DnsTraceStep[]): string[] {
  return steps.flatMap((step) => {
    const lines = step.notes.map((note) => `;; ${note}`)
    if (step.outcome === 'failed') {
      lines.push(`;; No usable answer from ${serverText(step)} for ${fqdn(step.zone)}: ${step.error ?? 'failed'}`)
    } else {
      lines.push(...step.records.map(recordLine), ...step.glue.map(recordLine))
      const time = step.queryTimeMs === undefined ? '' : ` in ${step.queryTimeMs} ms`
      lines.push(`;; Received ${received[step.outcome](step)} from ${serverText(step)}${time}`)
    }
    lines.push('')
    return lines
  })
}

function chainLinkLine(link: DnssecChainLink): string {
  const vouch = link.dsSource === 'trust-anchor' ? 'trust anchor' : link.dsSource === 'parent' ? 'DS' : 'no DS'
  const ds = link.ds.length > 0 ? ` ${link.ds.join(', ')}` : ''
  const keys = link.keys.map((k) => `${k.tag} ${k.role} ${k.algorithm}${k.signedKeys ? ' (signed the keys)' : ''}`)
  const window = link.signatureExpiration ? `; signature ${link.signatureInception} to ${link.signatureExpiration}` : ''
  const note = link.note ? `; ${link.note}` : ''
  return `;;   ${link.zone}: ${link.status}; ${vouch}${ds}; keys: ${keys.join(', ') || 'none'}${window}${note}`
}

/** Our own DNSSEC verdict per answered type, and the chain of trust it followed. */
export function dnssecLines(validations: DnssecValidation[]): string[] {
  if (validations.length === 0) return []
  const lines = [`;; DNSSEC validation from the trust anchors (asked with CD; the resolver's AD bit is not used):`]
  for (const v of validations) {
    lines.push(`;; ${fqdn(v.name)} ${v.type}: ${v.status.toUpperCase()}: ${v.reason}`)
    if (v.proof) lines.push(`;;   proof: ${v.proof}`)
    lines.push(...v.chain.map(chainLinkLine))
  }
  lines.push('')
  return lines
}

/** Renders a result as dig-like sections: the delegation walk if any, then one block per queried type. */
export function dnsLines(result: DnsResult): string[] {
  const lines: string[] = []
  if (result.unicodeName !== result.name) lines.push(`; ${result.unicodeName} is ${result.name} in ASCII (punycode)`)
  if (result.resolver) lines.push(`; Resolver: ${result.resolver}`)
  if (result.trace) {
    lines.push(`; <<>> NetToolbox DNS <<>> +trace ${result.name}${result.dnssec ? ' +dnssec' : ''}`, '')
    lines.push(...traceLines(result.trace))
  }
  if (result.propagation) lines.push(...propagationLines(result.name, result.propagation))
  const coverage = dnsCoverageSentence(result)
  if (coverage) lines.push(`; ${coverage}`)
  for (const q of result.queries) lines.push(...queryLines(result, q))
  lines.push(...dnssecLines(result.dnssecValidation ?? []))
  for (const missing of result.unanswered ?? []) {
    lines.push(`;; ${missing.type}: not checked: ${missing.error}`, '')
  }
  const empty = dnsEmptySentence(result)
  if (empty) lines.push(empty)
  return lines
}
