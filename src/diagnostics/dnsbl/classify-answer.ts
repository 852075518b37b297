// Turns one list's DNS answer into a verdict, using the list's documented return codes.
// Error answers (a list refusing the query) are "unverified", never "listed" nor "clean".
import type { ZoneStatus } from '../../shared/tools/blacklist/schema.ts'
import type { CodeMeaning, DnsblZone } from './zone-list.ts'

export interface ZoneAnswer {
  rcode: string
  /** A records of the answer, in order. */
  addresses: string[]
}

export interface Verdict {
  status: ZoneStatus
  codes: string[]
  meanings: string[]
  detail: string
  /** Abuse-score points of this verdict (listings only). */
  weight: number
  categories: string[]
}

interface Meaning {
  meaning: string
  weight?: number
  category?: string
}

function octetsMatch(pattern: string, address: string): boolean {
  const want = pattern.split('.')
  const have = address.split('.')
  return want.length === have.length && want.every((octet, i) => octet === '*' || octet === have[i])
}

/** Exact key first, then keys with "*" octets. */
export function matchCode<T>(map: Record<string, T>, address: string): T | undefined {
  if (Object.hasOwn(map, address)) return map[address]
  const key = Object.keys(map).find((pattern) => pattern.includes('*') && octetsMatch(pattern, address))
  return key === undefined ? undefined : map[key]
}

const toMeaning = (entry: CodeMeaning): Meaning => (typeof entry === 'string' ? { meaning: entry } : entry)

function bitmaskMeanings(zone: DnsblZone, address: string): Meaning[] | undefined {
  if (!zone.bitmask || !address.startsWith('127.')) return undefined
  const last = Number(address.split('.')[3])
  const found: Meaning[] = []
  for (let bit = 1; bit <= 128; bit <<= 1) {
    if ((last & bit) === 0) continue
    const entry = zone.bitmask[String(bit)]
    found.push(entry ? toMeaning(entry) : { meaning: `bit ${bit} (not documented by the list)` })
  }
  return found.length > 0 ? found : undefined
}

function meaningsOf(zone: DnsblZone, address: string): Meaning[] | undefined {
  const exact = matchCode(zone.codes, address)
  if (exact !== undefined) return [toMeaning(exact)]
  const bits = bitmaskMeanings(zone, address)
  if (bits) return bits
  // RFC 5782: 127.0.0.1 is never a listing; an undocumented one is not a verdict.
  if (address === '127.0.0.1') return undefined
  return [{ meaning: `Listed (return code ${address}, meaning not documented by the list)` }]
}

function unverified(codes: string[], detail: string): Verdict {
  return { status: 'unverified', codes, meanings: [], detail, weight: 0, categories: [] }
}

export function classifyAnswer(zone: DnsblZone, answer: ZoneAnswer): Verdict {
  const codes = answer.addresses
  if (answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN') {
    return unverified(codes, `unverified: the resolver answered ${answer.rcode}`)
  }
  if (answer.rcode === 'NXDOMAIN' || codes.length === 0) {
    return { status: 'clean', codes, meanings: [], detail: 'Not listed', weight: 0, categories: [] }
  }
  const refusal = codes.find((code) => matchCode(zone.errorCodes, code) !== undefined)
  if (refusal)
    return unverified(
      codes,
      `unverified: the list refused the query (${refusal}: ${matchCode(zone.errorCodes, refusal)})`,
    )
  const foreign = codes.find((code) => !code.startsWith('127.'))
  if (foreign) return unverified(codes, `unverified: unexpected answer ${foreign} (not a block-list return code)`)

  const verdicts = codes.filter((code) => matchCode(zone.cleanCodes, code) === undefined)
  if (verdicts.length === 0) {
    const meanings = codes.map((code) => matchCode(zone.cleanCodes, code) ?? code)
    return { status: 'clean', codes, meanings, detail: `Not listed: ${meanings.join('; ')}`, weight: 0, categories: [] }
  }
  const found: Meaning[] = []
  for (const code of verdicts) {
    const meanings = meaningsOf(zone, code)
    if (!meanings) return unverified(codes, `unverified: unexpected answer ${code} (not documented as a listing)`)
    found.push(...meanings)
  }
  const meanings = found.map((m) => m.meaning)
  const weight = Math.max(...found.map((m) => m.weight ?? zone.weight))
  const categories = [...new Set(found.map((m) => m.category ?? zone.category).filter((c): c is string => !!c))]
  const status: ZoneStatus = zone.kind === 'allow' ? 'allowed' : 'listed'
  return { status, codes, meanings, detail: meanings.join('; '), weight: status === 'listed' ? weight : 0, categories }
}
