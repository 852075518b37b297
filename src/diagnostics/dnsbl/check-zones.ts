// The DNSBL engine: which lists apply to which targets, then every question at once, each list
// answering within its own deadline and reported as soon as it answers.
import { isIP } from 'node:net'
import { type Endpoint, splitHostPort } from '../net/endpoint.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { addressQueryName, domainQueryName, fitsInDns, lookupAddress } from './query-name.ts'
import { queryZone, type ZoneCheck, type ZoneQuery } from './query-zone.ts'
import type { ZoneHealthCache } from './zone-health.ts'
import type { DnsblZone } from './zone-list.ts'

export type CheckTarget = { kind: 'address'; address: IpLiteral } | { kind: 'domain'; name: string }

export interface QueryPlan {
  queries: ZoneQuery[]
  /** What was not asked, and why. */
  notes: string[]
}

function appliesTo(zone: DnsblZone, address: IpLiteral): boolean {
  if (zone.kind === 'domain') return false
  return address.family === 4 ? zone.ipv4 : zone.ipv6
}

export function planQueries(targets: readonly CheckTarget[], zones: readonly DnsblZone[]): QueryPlan {
  const queries: ZoneQuery[] = []
  const notes: string[] = []
  for (const target of targets) {
    if (target.kind === 'domain') {
      for (const zone of zones.filter((z) => z.kind === 'domain')) {
        const name = domainQueryName(target.name, zone.zone)
        if (fitsInDns(name)) queries.push({ zone, target: target.name, name })
        else notes.push(`${target.name} is too long to ask ${zone.name}`)
      }
      continue
    }
    const address = lookupAddress(target.address)
    const addressZones = zones.filter((z) => z.kind !== 'domain')
    const applicable = addressZones.filter((zone) => appliesTo(zone, address))
    const skipped = addressZones.length - applicable.length
    if (skipped > 0) {
      notes.push(
        skipped === 1
          ? `1 list does not cover IPv${address.family} addresses and was not asked about ${address.address}`
          : `${skipped} lists do not cover IPv${address.family} addresses and were not asked about ${address.address}`,
      )
    }
    for (const zone of applicable) {
      queries.push({ zone, target: address.address, name: addressQueryName(address, zone.zone) })
    }
  }
  return { queries, notes }
}

/** A list's own resolver ("server" in the zone list) or the default one. */
export function serverFor(zone: DnsblZone, fallback: Endpoint): Endpoint {
  if (!zone.server) return fallback
  const split = splitHostPort(zone.server, 53)
  if (!split || !isIP(split.host))
    throw new Error(`Zone ${zone.id}: server must be an IP address with an optional port`)
  return { address: split.host, port: split.port }
}

export interface CheckOptions {
  /** The resolver the lists are asked through, unless a list names its own server. */
  resolver: Endpoint
  net: Pick<Net, 'askDns'>
  signal: AbortSignal
  timeoutMs: number
  /** Each list's liveness: its "not listed" counts only when the list passed its health probe. */
  health: ZoneHealthCache
  /** Called as each list answers, in answer order. */
  onCheck?: (check: ZoneCheck, done: number, total: number) => void
}

/** A list that failed its health probe gives no verdict, whatever it answered about the target. */
function unverified(check: ZoneCheck, why: string): ZoneCheck {
  const detail = `unverified: ${why}`
  const verdict = { ...check.verdict, status: 'unverified' as const, meanings: [], detail, weight: 0, categories: [] }
  return { ...check, verdict, row: { ...check.row, status: 'unverified', meanings: [], detail, reason: null } }
}

/** Asks every planned question in parallel; results come back in plan order. */
export async function checkZones(queries: readonly ZoneQuery[], options: CheckOptions): Promise<ZoneCheck[]> {
  let done = 0
  return Promise.all(
    queries.map(async (query) => {
      const server = serverFor(query.zone, options.resolver)
      const [answered, health] = await Promise.all([
        queryZone(query, { server, net: options.net, signal: options.signal, timeoutMs: options.timeoutMs }),
        options.health.check(query.zone, { server, net: options.net }, options.timeoutMs),
      ])
      const check = health.ok || answered.verdict.status === 'unverified' ? answered : unverified(answered, health.why)
      done += 1
      options.onCheck?.(check, done, queries.length)
      return check
    }),
  )
}
