// The block lists as the tools that consult them share them: the zone list (data) and each list's
// liveness cache, built once by the registry for the blacklist and abuse checks, and the one way
// those checks ask the lists about their targets.
import type { BlacklistProgress } from '../../shared/tools/blacklist/schema.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { type CheckTarget, checkZones, planQueries } from './check-zones.ts'
import type { ZoneCheck } from './query-zone.ts'
import { createZoneHealthCache, type ZoneHealthCache } from './zone-health.ts'
import { type DnsblZone, type DnsblZoneFile, loadDnsblZones } from './zone-list.ts'

export interface DnsblLists {
  zones: DnsblZoneFile
  health: ZoneHealthCache
}

/** The lists from a zone file (DNSBL_ZONES_FILE; default: the shipped zones.json) with a new liveness cache. */
export function loadDnsblLists(zonesFile?: string): DnsblLists {
  return { zones: loadDnsblZones(zonesFile), health: createZoneHealthCache() }
}

/** The given parts, the shipped list and a new cache for the rest. */
export function completeDnsblLists(given: Partial<DnsblLists>): DnsblLists {
  return { zones: given.zones ?? loadDnsblZones(), health: given.health ?? createZoneHealthCache() }
}

export interface ConsultContext {
  /** Net's resolver (the caller has made sure there is one); a list may name its own server. */
  resolver: Endpoint
  net: Pick<Net, 'askDns'>
  signal: AbortSignal
  /** Gets each row as its list answers. */
  progress(partial: BlacklistProgress): void
}

/** Asks the lists that apply about every target, all at once; notes say what was not asked. */
export async function consultLists(
  lists: DnsblLists,
  zones: readonly DnsblZone[],
  targets: readonly CheckTarget[],
  ctx: ConsultContext,
): Promise<{ checks: ZoneCheck[]; notes: string[] }> {
  const { queries, notes } = planQueries(targets, zones)
  const checks = await checkZones(queries, {
    resolver: ctx.resolver,
    net: ctx.net,
    signal: ctx.signal,
    timeoutMs: lists.zones.queryTimeoutMs,
    health: lists.health,
    onCheck: (check, done, total) => ctx.progress({ row: check.row, done, total }),
  })
  return { checks, notes }
}
