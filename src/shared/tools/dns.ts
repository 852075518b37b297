// DNS lookup: request options, result shape and its dig-like text rendering.
import { z } from 'zod'
import { dnsNameInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'

export const DNS_TYPES = ['A', 'AAAA', 'MX', 'NS', 'TXT', 'CNAME', 'SOA', 'CAA', 'SRV', 'PTR', 'ANY'] as const
/** The spec's default set when no type is chosen. */
export const DNS_DEFAULT_TYPES = ['A', 'AAAA', 'MX', 'NS', 'TXT', 'CNAME'] as const

/** "ip", "ip:port" or "[ipv6]:port"; checked in full (address class, policy) by the server. */
export const SERVER_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+)(:\d{1,5})?$/

export const dnsOptions = z.object({
  type: z.enum(DNS_TYPES).optional(),
  server: z
    .string()
    .trim()
    .max(64)
    .regex(SERVER_PATTERN, 'Resolver must be an IP address, optionally with :port')
    .optional()
    .or(z.literal('').transform(() => undefined)),
})
export type DnsOptions = z.infer<typeof dnsOptions>

export const dnsRequest = toolRequest(dnsNameInput, dnsOptions)

export const dnsRecord = z.object({
  name: z.string(),
  type: z.string(),
  class: z.string(),
  ttl: z.number(),
  value: z.string(),
})
export type DnsRecord = z.infer<typeof dnsRecord>

export const dnsFlags = z.object({
  qr: z.boolean(),
  aa: z.boolean(),
  tc: z.boolean(),
  rd: z.boolean(),
  ra: z.boolean(),
  ad: z.boolean(),
  cd: z.boolean(),
})

export const dnsQueryResult = z.object({
  type: z.string(),
  rcode: z.string(),
  flags: dnsFlags,
  transport: z.enum(['udp', 'tcp']),
  queryTimeMs: z.number(),
  answers: z.array(dnsRecord),
  authority: z.array(dnsRecord),
  additional: z.array(dnsRecord),
})
export type DnsQueryResult = z.infer<typeof dnsQueryResult>

export const dnsResult = z.object({
  name: z.string(),
  server: z.string(),
  queries: z.array(dnsQueryResult),
})
export type DnsResult = z.infer<typeof dnsResult>

export const dnsResponse = toolResponse('dns', dnsResult)

function recordLine(r: DnsRecord): string {
  return `${r.name}.\t${r.ttl}\t${r.class}\t${r.type}\t${r.value}`
}

function flagText(flags: z.infer<typeof dnsFlags>): string {
  return (['qr', 'aa', 'tc', 'rd', 'ra', 'ad', 'cd'] as const).filter((f) => flags[f]).join(' ')
}

/** Renders a result as dig-like sections, one block per queried type. */
export function dnsLines(result: DnsResult): string[] {
  const lines: string[] = []
  for (const q of result.queries) {
    lines.push(`; <<>> NetToolbox DNS <<>> ${result.name} ${q.type} @${result.server}`)
    lines.push(`;; ->>HEADER<<- opcode: QUERY, status: ${q.rcode}`)
    lines.push(
      `;; flags: ${flagText(q.flags)}; QUERY: 1, ANSWER: ${q.answers.length}, AUTHORITY: ${q.authority.length}, ADDITIONAL: ${q.additional.length}`,
    )
    lines.push('', ';; QUESTION SECTION:', `;${result.name}.\t\tIN\t${q.type}`)
    for (const [title, records] of [
      ['ANSWER', q.answers],
      ['AUTHORITY', q.authority],
      ['ADDITIONAL', q.additional],
    ] as const) {
      if (records.length > 0) lines.push('', `;; ${title} SECTION:`, ...records.map(recordLine))
    }
    lines.push('', `;; Query time: ${q.queryTimeMs} msec`, `;; SERVER: ${result.server} (${q.transport.toUpperCase()})`, '')
  }
  if (result.queries.every((q) => q.answers.length === 0)) lines.push('No DNS records found')
  return lines
}
