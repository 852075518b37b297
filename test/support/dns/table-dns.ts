// A recursive-resolver stand-in on loopback UDP that answers from a fixed table of records, for tests
// that need real answers for some questions and a failure for others: a question can be left
// unanswered (a timeout for the asker) or answered with an error rcode (SERVFAIL, REFUSED). Names
// absent from the table are NXDOMAIN; a name in the table without the type asked is NODATA.
import type dnsPacket from 'dns-packet'
import { startUdpDns } from './udp-dns.ts'

export interface TableRecord {
  name: string
  type: 'A' | 'AAAA' | 'MX' | 'TXT' | 'NS' | 'CNAME' | 'PTR'
  /** A/AAAA/NS/CNAME/PTR: the value; MX: { preference, exchange }; TXT: the text. */
  data: string | { preference: number; exchange: string }
}

export interface TableDnsOptions {
  records: TableRecord[]
  /** "TYPE name" or "TYPE" (every name): questions never answered. */
  silent?: string[]
  /** "TYPE name" or "TYPE" → the rcode answered instead of the records. */
  rcodes?: Record<string, 'SERVFAIL' | 'REFUSED'>
}

export interface TableDns {
  /** "127.0.0.1:PORT" */
  endpoint: string
  /** "TYPE name" of every question received. */
  asked: string[]
  stop(): Promise<void>
}

const bare = (name: string) => name.replace(/\.$/, '').toLowerCase()

export async function startTableDns(options: TableDnsOptions): Promise<TableDns> {
  const asked: string[] = []
  const silent = new Set(options.silent ?? [])
  const server = await startUdpDns('127.0.0.1', (query) => {
    const question = query.questions?.[0]
    if (!question) return null
    const name = bare(question.name)
    const key = `${question.type} ${name}`
    asked.push(key)
    if (silent.has(key) || silent.has(question.type)) return null
    const forced = options.rcodes?.[key] ?? options.rcodes?.[question.type]
    const known = options.records.filter((r) => bare(r.name) === name)
    const rcode = forced ?? (known.length === 0 ? 'NXDOMAIN' : 'NOERROR')
    const answers = forced
      ? []
      : known
          .filter((r) => r.type === question.type)
          .map((r) => ({
            name: question.name,
            type: r.type,
            ttl: 60,
            data: r.type === 'TXT' ? [String(r.data)] : r.data,
          }))
    return { rcode, answers: answers as dnsPacket.Answer[] }
  })
  return { endpoint: server.endpoint, asked, stop: server.stop }
}
