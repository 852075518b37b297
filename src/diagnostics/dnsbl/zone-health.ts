// Is a block list alive, as seen through our resolver? A list's "not listed" means something only
// when the list answers for its own test points (RFC 5782 section 5: 127.0.0.2 listed, 127.0.0.1 not;
// TEST listed and INVALID not for domain lists, or the names the list documents) or, for lists that
// document none, when its zone has an SOA record. One probe per list and resolver per cache period,
// shared by every request; a request waiting on a probe in flight joins it.
import type { DecodedPacket } from 'dns-packet'
import { DnsTimeoutError } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { matchCode } from './classify-answer.ts'
import { addressQueryName, domainQueryName } from './query-name.ts'
import type { DnsblZone } from './zone-list.ts'

export type ZoneHealth = { ok: true; how: string } | { ok: false; why: string }

/** Where a probe goes: the list's server, asked through Net's DNS client. */
export interface ProbeTarget {
  server: Endpoint
  net: Pick<Net, 'askDns'>
}

export interface ZoneHealthCache {
  check(zone: DnsblZone, target: ProbeTarget, timeoutMs: number): Promise<ZoneHealth>
}

export interface ZoneHealthOptions {
  /** How long a verdict is reused; default five minutes. */
  ttlMs?: number
  now?: () => number
  /** The probe itself (tests count its calls). */
  probe?: (zone: DnsblZone, target: ProbeTarget, timeoutMs: number) => Promise<ZoneHealth>
}

export const HEALTH_TTL_MS = 5 * 60_000

const rcodeOf = (response: DecodedPacket) => (response as { rcode?: string }).rcode ?? 'NOERROR'

function aRecords(response: DecodedPacket): string[] {
  return (response.answers ?? []).filter((a) => a.type === 'A').map((a) => String((a as { data: unknown }).data))
}

/** The DNS name of a test point: an address (reversed) or a domain, under the list's zone. */
export function testPointName(zone: DnsblZone, point: string): string {
  const literal = parseIpLiteral(point)
  return literal ? addressQueryName(literal, zone.zone) : domainQueryName(point, zone.zone)
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof DnsTimeoutError) return `no answer within ${timeoutMs / 1000} s`
  const code = (error as NodeJS.ErrnoException).code
  return `the query failed${code ? ` (${code})` : ''}`
}

async function askA(name: string, { server, net }: ProbeTarget, timeoutMs: number) {
  const { response } = await net.askDns({
    name,
    type: 'A',
    server,
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs: Math.max(50, Math.floor(timeoutMs / 2)),
    attempts: 2,
  })
  return { rcode: rcodeOf(response), addresses: aRecords(response) }
}

async function probeTestPoints(
  zone: DnsblZone,
  points: { listed: string; unlisted: string },
  target: ProbeTarget,
  timeoutMs: number,
): Promise<ZoneHealth> {
  const listed = await askA(testPointName(zone, points.listed), target, timeoutMs)
  if (listed.rcode !== 'NOERROR' && listed.rcode !== 'NXDOMAIN') {
    return { ok: false, why: `the resolver answered ${listed.rcode} for the list's test point ${points.listed}` }
  }
  if (listed.rcode === 'NXDOMAIN' || listed.addresses.length === 0) {
    return { ok: false, why: `the list does not list its own test point ${points.listed} (${listed.rcode})` }
  }
  const refusal = listed.addresses.find((code) => matchCode(zone.errorCodes, code) !== undefined)
  if (refusal) {
    return { ok: false, why: `the list refused the query (${refusal}: ${matchCode(zone.errorCodes, refusal)})` }
  }
  const foreign = listed.addresses.find((code) => !code.startsWith('127.'))
  if (foreign) return { ok: false, why: `the list answered ${foreign} for its test point, not a return code` }
  const unlisted = await askA(testPointName(zone, points.unlisted), target, timeoutMs)
  if (unlisted.rcode !== 'NOERROR' && unlisted.rcode !== 'NXDOMAIN') {
    return { ok: false, why: `the resolver answered ${unlisted.rcode} for the list's test point ${points.unlisted}` }
  }
  if (unlisted.rcode === 'NOERROR' && unlisted.addresses.length > 0) {
    return {
      ok: false,
      why: `the list also lists ${points.unlisted}, which it must not (${unlisted.addresses.join(', ')}): its answers cannot be trusted`,
    }
  }
  return { ok: true, how: `test point ${points.listed} listed, ${points.unlisted} not listed` }
}

async function probeSoa(zone: DnsblZone, { server, net }: ProbeTarget, timeoutMs: number): Promise<ZoneHealth> {
  const { response } = await net.askDns({
    name: zone.zone,
    type: 'SOA',
    server,
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs: Math.max(50, Math.floor(timeoutMs / 2)),
    attempts: 2,
  })
  const rcode = rcodeOf(response)
  if (rcode === 'NXDOMAIN') return { ok: false, why: `the zone ${zone.zone} does not exist (NXDOMAIN for its SOA)` }
  if (rcode !== 'NOERROR') return { ok: false, why: `the resolver answered ${rcode} for the zone's SOA` }
  const soa = (response.answers ?? []).some(
    (a) => a.type === 'SOA' && a.name.replace(/\.$/, '').toLowerCase() === zone.zone.toLowerCase(),
  )
  if (!soa) return { ok: false, why: `the zone ${zone.zone} has no SOA record` }
  return { ok: true, how: 'the zone answers with its SOA record' }
}

/** One health probe: the list's test points where it documents them, otherwise its SOA. */
export async function probeZoneHealth(zone: DnsblZone, target: ProbeTarget, timeoutMs: number): Promise<ZoneHealth> {
  try {
    return zone.testPoints
      ? await probeTestPoints(zone, zone.testPoints, target, timeoutMs)
      : await probeSoa(zone, target, timeoutMs)
  } catch (error) {
    return { ok: false, why: describeError(error, timeoutMs) }
  }
}

export function createZoneHealthCache(options: ZoneHealthOptions = {}): ZoneHealthCache {
  const ttlMs = options.ttlMs ?? HEALTH_TTL_MS
  const now = options.now ?? Date.now
  const probe = options.probe ?? probeZoneHealth
  const entries = new Map<string, { at: number; verdict: Promise<ZoneHealth> }>()
  return {
    check(zone, target, timeoutMs) {
      const { server } = target
      const key = `${zone.id}|${zone.zone}|${server.address}|${server.port}`
      const cached = entries.get(key)
      if (cached && now() - cached.at < ttlMs) return cached.verdict
      const verdict = probe(zone, target, timeoutMs)
      entries.set(key, { at: now(), verdict })
      return verdict
    },
  }
}
