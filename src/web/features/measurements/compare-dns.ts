// DNS across locations, like a propagation check: per record type, each location's answer, the
// resolver that gave it (the probe's own or the one chosen), TTL, rcode and time, the locations that differ from the majority marked with a word, and a one-line
// verdict once every location has settled.

import {
  answerSet,
  type DnsPropagation,
  type PropagationGroup,
  type PropagationServer,
  summarisePropagation,
} from '../../../shared/tools/dns/propagation.ts'
import { DNS_DEFAULT_TYPES, type DnsResult, dnsResult } from '../../../shared/tools/dns/schema.ts'
import type { ComparisonTable, RowSlot } from './comparison-types.ts'
import { parsedResult } from './parsed-result.ts'
import { probeTitle } from './probe-label.ts'
import { rowSettled, rowStatus } from './row-status.ts'

type Answer = Omit<PropagationServer, 'role' | 'name' | 'server'>

const dns = (row: RowSlot) => parsedResult(dnsResult, row)

/** What one probe's lookup says about one type: the records, or why there is no answer. */
function answerFor(type: string, result: DnsResult): Answer | undefined {
  const query = result.queries.find((q) => q.type === type)
  if (query) {
    const records = query.answers.filter((r) => r.type === type || r.type === 'CNAME')
    const answered = query.rcode === 'NOERROR' || query.rcode === 'NXDOMAIN'
    return {
      state: answered ? 'answered' : 'no-answer',
      rcode: query.rcode,
      answers: records.map((r) => r.value).sort(),
      ttl: records.length > 0 ? Math.min(...records.map((r) => r.ttl)) : undefined,
      queryTimeMs: query.queryTimeMs,
      ...(answered ? {} : { error: `answered ${query.rcode}` }),
    }
  }
  const missing = result.unanswered?.find((u) => u.type === type)
  if (missing) return { state: 'no-answer', rcode: missing.rcode, answers: [], error: missing.error }
  return undefined
}

/** The types asked, in the order the probes list them. */
function typesOf(results: DnsResult[]): string[] {
  const types = new Set<string>()
  for (const r of results) {
    for (const q of r.queries) types.add(q.type)
    for (const u of r.unanswered ?? []) types.add(u.type)
  }
  return [...types]
}

/** Unique names for the verdict: a second probe in the same place is told apart by its name. */
function rowNames(rows: readonly RowSlot[]): string[] {
  const seen = new Set<string>()
  return rows.map((row, index) => {
    if (!row) return `Location ${index + 1}`
    const title = probeTitle(row.probe)
    const name = seen.has(title) ? `${title} (${row.probe.name})` : title
    seen.add(title)
    return name
  })
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const listed = (groups: PropagationGroup[]) => groups.map((g) => `${g.answer} from ${g.servers.join(', ')}`).join('; ')

/** The verdict in locations: who agrees, who differs, who did not answer. */
export function locationsVerdict(p: DnsPropagation): string {
  const { asked, answered, groups } = p
  const missing = asked - answered
  const tail = missing > 0 ? `; ${missing} of ${plural(asked, 'location')} gave no answer` : ''
  const [top, second] = groups
  if (!top) return `None of the ${plural(asked, 'location')} answered`
  if (!second) return `All ${plural(answered, 'location')} that answered agree: ${top.answer}${tail}`
  if (second.servers.length === top.servers.length) {
    return `No majority among the ${plural(answered, 'location')} that answered: ${listed(groups)}${tail}`
  }
  return (
    `${answered - top.servers.length} of ${plural(answered, 'location')} disagree with the majority ` +
    `(${top.answer}, ${plural(top.servers.length, 'location')}): ${listed(groups.slice(1))}${tail}`
  )
}

/** Who answered a location's lookup: its own system resolver, a public one or the chosen server, with its address. */
function resolverOf(row: RowSlot): string {
  const result = dns(row)
  if (!result) return ''
  return result.server && !result.resolver.includes(result.server.replace(/:53$/, ''))
    ? `${result.resolver} (${result.server})`
    : result.resolver
}

function tableFor(type: string, rows: readonly RowSlot[], names: string[]): ComparisonTable {
  const answers = rows.map((row) => {
    const result = dns(row)
    return result && answerFor(type, result)
  })
  const settled = rows.flatMap((row, index): PropagationServer[] => {
    if (!rowSettled(row)) return []
    const answer = answers[index]
    const base = { role: 'resolver' as const, name: names[index] ?? '', server: String(index) }
    if (answer) return [{ ...base, ...answer }]
    const status = rowStatus(row)
    return [{ ...base, state: 'no-answer', answers: [], error: status.detail ?? status.label }]
  })
  const summary = summarisePropagation(type, settled)
  const byIndex = new Map(summary.servers.map((s) => [Number(s.server), s]))
  const marks = new Map<number, string>()
  for (const [index, s] of byIndex) if (s.agrees === false) marks.set(index, 'Differs')
  const waiting = rows.length - settled.length
  const agreement = (index: number) => {
    const s = byIndex.get(index)
    if (!s) return ''
    if (s.state !== 'answered') return 'No answer'
    return s.agrees === true ? 'Majority' : s.agrees === false ? 'Differs' : '—'
  }
  return {
    caption: `${type} answers by location`,
    verdict: waiting > 0 ? `Waiting for ${waiting} of ${plural(rows.length, 'location')}…` : locationsVerdict(summary),
    marks,
    columns: [
      { header: 'Agreement', text: (_row, index) => agreement(index) },
      {
        header: 'Answer',
        text: (_row, index) => {
          const a = answers[index]
          if (!a) return ''
          return a.state === 'answered' ? answerSet(type, a.rcode ?? 'NOERROR', a.answers).answer : (a.error ?? '')
        },
      },
      { header: 'Resolver', text: (row) => resolverOf(row) },
      { header: 'TTL', text: (_row, index) => String(answers[index]?.ttl ?? ''), numeric: true },
      { header: 'Rcode', text: (_row, index) => answers[index]?.rcode ?? '' },
      {
        header: 'Time',
        text: (_row, index) => {
          const time = answers[index]?.queryTimeMs
          return time === undefined ? '' : `${time} ms`
        },
        numeric: true,
      },
    ],
  }
}

/** The types the request asked for, before any probe has answered. */
function requestedTypes(options: Readonly<Record<string, unknown>>): string[] {
  return typeof options.type === 'string' ? [options.type] : [...DNS_DEFAULT_TYPES]
}

/**
 * One table per record type asked; undefined (the generic table instead) for a trace or a
 * propagation check from each probe, which have no single answer per type to compare.
 */
export function compareDns(
  rows: readonly RowSlot[],
  options: Readonly<Record<string, unknown>>,
): ComparisonTable[] | undefined {
  if (options.trace === true || options.propagation === true) return undefined
  const results = rows.map(dns).filter((r): r is DnsResult => r !== undefined)
  if (results.some((r) => r.trace !== undefined || r.propagation !== undefined)) return undefined
  const found = typesOf(results)
  const types = found.length > 0 ? found : requestedTypes(options)
  const names = rowNames(rows)
  return types.map((type) => tableFor(type, rows, names))
}
