// The block lists as the tools that consult them share them: the zone list (data) and each list's
// liveness cache. The registry builds one set at start for the blacklist and abuse checks.
import { createZoneHealthCache, type ZoneHealthCache } from './zone-health.ts'
import { type DnsblZoneFile, loadDnsblZones } from './zone-list.ts'

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
