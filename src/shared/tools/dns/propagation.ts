// DNS propagation: one name and type asked of the public resolvers and of every authoritative server
// of the zone, side by side, with the answer sets grouped and a one-line verdict.
import { z } from 'zod'
import { failureSource } from '../tool-answer.ts'

export const propagationServer = z.object({
  /** A public recursive resolver, or a server authoritative for the zone. */
  role: z.enum(['resolver', 'authoritative']),
  /** For people: "Cloudflare (1.1.1.1)", "ns1.example.test", "Resolver 127.0.0.1:5300". */
  name: z.string(),
  /** "ip:port" asked. */
  server: z.string(),
  /** "no-answer": no reply in time, an error rcode, or not asked at all (the target policy). */
  state: z.enum(['answered', 'no-answer']),
  rcode: z.string().optional(),
  /** The records of the type asked (and CNAMEs), in presentation format, sorted. */
  answers: z.array(z.string()),
  /** The smallest TTL among those records. */
  ttl: z.number().optional(),
  queryTimeMs: z.number().optional(),
  /** The authoritative-answer flag of the reply. */
  aa: z.boolean().optional(),
  /** Why there is no answer: "timeout", "answered SERVFAIL", "127.0.0.1 is not allowed: …". */
  error: z.string().optional(),
  /** The key of this server's answer set in `groups`; absent without an answer. */
  group: z.string().optional(),
  /** True when this server gives the majority's answer; absent without an answer or a majority. */
  agrees: z.boolean().optional(),
})
export type PropagationServer = z.infer<typeof propagationServer>

export const propagationGroup = z.object({
  key: z.string(),
  /** The answer set, for people: "198.51.100.10, 198.51.100.11", "NXDOMAIN", "No A records". */
  answer: z.string(),
  /** Names of the servers that gave it. */
  servers: z.array(z.string()),
  majority: z.boolean(),
})
export type PropagationGroup = z.infer<typeof propagationGroup>

/** One authoritative server's SOA serial for the zone. */
export const soaSerialRow = z.object({
  name: z.string(),
  /** "ip:port" asked; "" when the name server's address could not be found. */
  server: z.string(),
  /** 'behind': a lower serial (RFC 1982 arithmetic) than the highest any server gave. */
  state: z.enum(['current', 'behind', 'no-answer']),
  serial: z.number().optional(),
  /** How far behind the highest serial: highest − serial, modulo 2^32. */
  behindBy: z.number().optional(),
  /** Why there is no serial. */
  error: z.string().optional(),
  /** Whose failure a missing serial is: the server's ("target") or a refusal to ask it ("policy"). */
  failureSource: failureSource.optional(),
})
export type SoaSerialRow = z.infer<typeof soaSerialRow>

export const soaSerials = z.object({
  /** The zone whose SOA was asked, "moved.". */
  zone: z.string(),
  highest: z.number().nullable(),
  servers: z.array(soaSerialRow),
  /** "1 of 3 servers is behind the highest serial 2026112502 (…)", with who gave none and why. */
  verdict: z.string(),
})
export type SoaSerials = z.infer<typeof soaSerials>

export const dnsPropagation = z.object({
  type: z.string(),
  /** The zone whose authoritative servers were asked, when the delegation walk found it. */
  zone: z.string().optional(),
  /** Why no authoritative server could be found, when none could. */
  authorityError: z.string().optional(),
  servers: z.array(propagationServer),
  /** Identical answer sets, largest first. */
  groups: z.array(propagationGroup),
  asked: z.number(),
  answered: z.number(),
  noAnswer: z.number(),
  /** "3 of 14 servers disagree with the majority (…)", with how many could not be asked. */
  verdict: z.string(),
  /** The zone's SOA serial as each authoritative server gives it; absent when no authoritative server was found. */
  soa: soaSerials.optional(),
})
export type DnsPropagation = z.infer<typeof dnsPropagation>

/** A progress event of a propagation run: the servers about to be asked, or one server's row. */
export const propagationProgress = z.union([
  z.object({
    /** The type asked. */
    type: z.string(),
    propagationPending: z.array(propagationServer.pick({ role: true, name: true, server: true })),
  }),
  z.object({ propagationServer: propagationServer }),
])
export type PropagationProgress = z.infer<typeof propagationProgress>

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The answer set of a reply: its key (for grouping) and its words. */
export function answerSet(type: string, rcode: string, answers: string[]): { key: string; answer: string } {
  if (rcode === 'NXDOMAIN') return { key: 'NXDOMAIN', answer: 'NXDOMAIN (no such name)' }
  if (answers.length === 0) return { key: `NODATA`, answer: `No ${type} records` }
  return {
    key: answers
      .map((a) => a.toLowerCase())
      .sort()
      .join('\n'),
    answer: answers.join(', '),
  }
}

function groupServers(servers: PropagationServer[], type: string): PropagationGroup[] {
  const groups = new Map<string, PropagationGroup>()
  for (const server of servers) {
    if (server.state !== 'answered') continue
    const set = answerSet(type, server.rcode ?? 'NOERROR', server.answers)
    const group = groups.get(set.key) ?? { key: set.key, answer: set.answer, servers: [], majority: false }
    group.servers.push(server.name)
    groups.set(set.key, group)
  }
  return [...groups.values()].sort((a, b) => b.servers.length - a.servers.length)
}

const listed = (groups: PropagationGroup[]) => groups.map((g) => `${g.answer} from ${g.servers.join(', ')}`).join('; ')

function verdictOf(groups: PropagationGroup[], answered: number, asked: number): string {
  const missing = asked - answered
  const tail = missing > 0 ? `; ${missing} of ${plural(asked, 'server')} could not be asked or did not answer` : ''
  const [top, second] = groups
  if (!top) return `None of the ${plural(asked, 'server')} answered`
  if (!second) return `All ${plural(answered, 'server')} that answered agree: ${top.answer}${tail}`
  if (second.servers.length === top.servers.length) {
    return `No majority among the ${plural(answered, 'server')} that answered: ${listed(groups)}${tail}`
  }
  const others = answered - top.servers.length
  return (
    `${others} of ${plural(answered, 'server')} disagree with the majority ` +
    `(${top.answer}, ${plural(top.servers.length, 'server')}): ${listed(groups.slice(1))}${tail}`
  )
}

/** Groups the rows by answer set, marks who agrees with the majority, and words the verdict. */
export function summarisePropagation(
  type: string,
  rows: PropagationServer[],
  about: { zone?: string; authorityError?: string } = {},
): DnsPropagation {
  const groups = groupServers(rows, type)
  const [top, second] = groups
  const majority = top && (!second || second.servers.length < top.servers.length) ? top : undefined
  if (majority) majority.majority = true
  const servers = rows.map((row) => {
    if (row.state !== 'answered') return row
    const { key } = answerSet(type, row.rcode ?? 'NOERROR', row.answers)
    return { ...row, group: key, ...(majority ? { agrees: key === majority.key } : {}) }
  })
  const answered = servers.filter((s) => s.state === 'answered').length
  return {
    type,
    ...about,
    servers,
    groups,
    asked: rows.length,
    answered,
    noAnswer: rows.length - answered,
    verdict: verdictOf(groups, answered, rows.length),
  }
}

/** Text lines: the verdict, then one line per server. */
export function propagationLines(name: string, p: DnsPropagation): string[] {
  const lines = [`; Propagation of ${name} ${p.type}${p.zone ? ` (zone ${p.zone})` : ''}`, `;; ${p.verdict}`]
  if (p.authorityError) lines.push(`;; Authoritative servers not asked: ${p.authorityError}`)
  if (p.soa) lines.push(`;; SOA serials of ${p.soa.zone}: ${p.soa.verdict}`)
  lines.push('')
  for (const s of p.servers) {
    const who = `${s.role === 'authoritative' ? 'AUTH' : 'RES '}\t${s.name}\t${s.server}`
    if (s.state !== 'answered') {
      lines.push(`${who}\tno answer: ${s.error ?? 'no reply'}`)
      continue
    }
    const mark = s.agrees === false ? '\t[differs]' : ''
    const answer = answerSet(p.type, s.rcode ?? 'NOERROR', s.answers).answer
    lines.push(`${who}\t${s.rcode}\tTTL ${s.ttl ?? '-'}\t${s.queryTimeMs ?? '-'} ms\t${answer}${mark}`)
  }
  if (p.soa) lines.push('', ...soaSerialLines(p.soa))
  return lines
}

const SERIAL_SPACE = 2 ** 32
const HALF_SERIAL_SPACE = 2 ** 31

/** RFC 1982 §3.2: whether serial a is greater than b (serials wrap around at 2^32). */
export function serialGreater(a: number, b: number): boolean {
  return (a < b && b - a > HALF_SERIAL_SPACE) || (a > b && a - b < HALF_SERIAL_SPACE)
}

/** The highest serial: one no other serial is greater than (the numeric largest when wrap-around leaves none). */
function highestSerial(serials: number[]): number | null {
  if (serials.length === 0) return null
  const top = serials.find((s) => serials.every((other) => !serialGreater(other, s)))
  return top ?? Math.max(...serials)
}

/** Marks each server current or behind the highest serial (with the difference), and words the verdict. */
export function compareSoaSerials(zone: string, rows: Omit<SoaSerialRow, 'state' | 'behindBy'>[]): SoaSerials {
  const highest = highestSerial(rows.flatMap((r) => (r.serial === undefined ? [] : [r.serial])))
  const servers: SoaSerialRow[] = rows.map((row) => {
    if (row.serial === undefined || highest === null) return { ...row, state: 'no-answer' }
    const behindBy = (highest - row.serial + SERIAL_SPACE) % SERIAL_SPACE
    return behindBy === 0 ? { ...row, state: 'current' } : { ...row, state: 'behind', behindBy }
  })
  const answered = servers.filter((s) => s.state !== 'no-answer')
  const behind = servers.filter((s) => s.state === 'behind')
  const silent = servers.filter((s) => s.state === 'no-answer')
  const parts: string[] = []
  if (highest === null)
    parts.push(`None of the ${plural(servers.length, 'authoritative server')} gave the SOA of ${zone}`)
  else if (behind.length === 0)
    parts.push(`All ${plural(answered.length, 'authoritative server')} that answered serve serial ${highest}`)
  else
    parts.push(
      `${behind.length} of ${plural(answered.length, 'authoritative server')} ${behind.length === 1 ? 'is' : 'are'} behind the highest serial ${highest}: ` +
        behind.map((s) => `${s.name} (${s.serial}, ${s.behindBy} behind)`).join(', '),
    )
  if (silent.length > 0 && highest !== null)
    parts.push(`no serial from ${silent.map((s) => `${s.name} (${s.error ?? 'no answer'})`).join(', ')}`)
  return { zone, highest, servers, verdict: parts.join('; ') }
}

/** One line per authoritative server: its serial and how far behind, or why it gave none and whose failure that is. */
export function soaSerialLines(soa: SoaSerials): string[] {
  return soa.servers.map((s) => {
    const who = `SOA \t${s.name}\t${s.server || '-'}`
    if (s.state === 'no-answer') return `${who}\tno serial: ${s.error ?? 'no answer'} (${s.failureSource ?? 'target'})`
    return `${who}\t${s.serial}${s.state === 'behind' ? `\t[behind by ${s.behindBy}]` : ''}`
  })
}
