// A resolver with the shape of dns.promises.resolve(name, rrtype), built on our own DNS client and
// the configured resolvers, for libraries that take a custom resolver (mailauth). Answers are
// cached per instance, so one run never asks the same question twice.
import type { Answer, RecordType } from 'dns-packet'
import { DnsTimeoutError, exchangeDns } from './dns-client.ts'
import type { Endpoint } from './endpoint.ts'

export type RecordResolver = (name: string, rrtype?: string) => Promise<unknown[]>

export interface RecordResolverOptions {
  resolvers: Endpoint[]
  signal: AbortSignal
  timeoutMs?: number
}

/** An error carrying the code node:dns would give (ENOTFOUND, ENODATA, ESERVFAIL, ETIMEOUT...). */
export class RecordLookupError extends Error {
  readonly code: string
  readonly hostname: string
  constructor(code: string, hostname: string, type: string, options?: ErrorOptions) {
    super(`query${type} ${code} ${hostname}`, options)
    this.code = code
    this.hostname = hostname
  }
}

const RCODE_ERRORS: Record<string, string> = {
  NXDOMAIN: 'ENOTFOUND',
  SERVFAIL: 'ESERVFAIL',
  REFUSED: 'EREFUSED',
  FORMERR: 'EFORMERR',
  NOTIMP: 'ENOTIMP',
}

const text = (part: unknown) => (Buffer.isBuffer(part) ? part.toString('utf8') : String(part))
const bare = (name: string) => name.replace(/\.$/, '')

/** One answer's data in node:dns form. */
function nodeShape(answer: Answer): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: dns-packet's data differs by type; each branch reads its own fields.
  const d = (answer as { data?: any }).data
  switch (answer.type) {
    case 'TXT':
      return (Array.isArray(d) ? d : [d]).map(text)
    case 'MX':
      return { exchange: bare(String(d.exchange ?? '')), priority: d.preference }
    case 'NS':
    case 'CNAME':
    case 'PTR':
      return bare(String(d))
    case 'A':
    case 'AAAA':
      return String(d)
    default:
      return d
  }
}

export function createRecordResolver(options: RecordResolverOptions): RecordResolver {
  const cache = new Map<string, Promise<unknown[]>>()

  async function ask(name: string, type: string): Promise<unknown[]> {
    const server = options.resolvers[0]
    if (!server) throw new RecordLookupError('ECONNREFUSED', name, type)
    let answers: Answer[]
    let rcode: string
    try {
      const { response } = await exchangeDns({
        name,
        type: type as RecordType,
        server,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      })
      answers = response.answers ?? []
      rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    } catch (error) {
      const code = error instanceof DnsTimeoutError ? 'ETIMEOUT' : 'ECONNREFUSED'
      throw new RecordLookupError(code, name, type, { cause: error })
    }
    if (rcode !== 'NOERROR') throw new RecordLookupError(RCODE_ERRORS[rcode] ?? 'ESERVFAIL', name, type)
    const matching = answers.filter((a) => a.type === type)
    if (matching.length === 0) throw new RecordLookupError('ENODATA', name, type)
    return matching.map(nodeShape)
  }

  return (name, rrtype = 'A') => {
    const type = rrtype.toUpperCase()
    const key = `${type} ${bare(name).toLowerCase()}`
    let pending = cache.get(key)
    if (!pending) {
      pending = ask(bare(name), type)
      cache.set(key, pending)
    }
    return pending
  }
}
