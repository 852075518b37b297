// What a name server's reply means for a delegation walk: the end of the walk, a referral
// closer to the name, or no usable answer (the walk then asks the zone's next server).
import type { DnsQueryResult, DnsRecord } from '../../shared/tools/dns/schema.ts'
import { isWithin, normalizeName } from './dns-names.ts'
import type { NameServer } from './root-hints.ts'

export type ReplyMeaning =
  | { kind: 'answer' | 'nodata' | 'nxdomain' }
  | { kind: 'referral'; zone: string; nameServers: NameServer[]; glue: DnsRecord[] }
  | { kind: 'unusable'; reason: string }

const isAddress = (r: DnsRecord) => r.type === 'A' || r.type === 'AAAA'

function readReferral(reply: DnsQueryResult, name: string, zone: string): ReplyMeaning {
  const delegations = reply.authority.filter((r) => r.type === 'NS')
  const child = normalizeName(delegations[0]?.name ?? '')
  if (child === normalizeName(zone) || !isWithin(child, zone) || !isWithin(name, child)) {
    return { kind: 'unusable', reason: `referral to ${child || '.'} does not lead closer to ${normalizeName(name)}` }
  }
  const names = [
    ...new Set(delegations.filter((r) => normalizeName(r.name) === child).map((r) => normalizeName(r.value))),
  ]
  // Only addresses inside the zone the replying server is authoritative for (in bailiwick) are trusted.
  const glue = reply.additional.filter(
    (r) => isAddress(r) && names.includes(normalizeName(r.name)) && isWithin(r.name, zone),
  )
  const nameServers = names.map((ns) => ({
    name: ns,
    addresses: glue.filter((r) => normalizeName(r.name) === ns).map((r) => r.value),
  }))
  return { kind: 'referral', zone: child, nameServers, glue }
}

export function classifyReply(reply: DnsQueryResult, name: string, zone: string): ReplyMeaning {
  if (reply.rcode === 'NXDOMAIN') return { kind: 'nxdomain' }
  if (reply.rcode !== 'NOERROR') return { kind: 'unusable', reason: reply.rcode }
  if (reply.answers.length > 0) return { kind: 'answer' }
  if (reply.flags.aa) return { kind: 'nodata' }
  if (reply.authority.some((r) => r.type === 'NS')) return readReferral(reply, name, zone)
  return { kind: 'unusable', reason: 'neither an answer nor a referral' }
}
