// Knot serving the DNSBL fixture zones twice: under the shipped lists' real names (zen.spamhaus.org...),
// for tests of the shipped zone list, and under lab names (zen.dnsbl.test...) for a DNSBL_ZONES_FILE.
// All questions go to this loopback server; nothing reaches the real lists.
import { readFileSync } from 'node:fs'
import { testPointName } from '../../../src/diagnostics/dnsbl/zone-health.ts'
import { loadDnsblZones } from '../../../src/diagnostics/dnsbl/zone-list.ts'
import { type KnotServer, type KnotZone, startKnot } from './knot.ts'

const fixture = (file: string) =>
  readFileSync(new URL(`../../fixtures/served/zones/${file}.zone`, import.meta.url), 'utf8')

/** Fixture file → the shipped zone names it stands in for. */
const REAL_NAMES: Record<string, string> = {
  'zen.dnsbl.test': 'zen.spamhaus.org',
  'bl.dnsbl.test': 'bl.spamcop.net',
  'tor.dnsbl.test': 'dnsel.torproject.org',
  'wl.dnsbl.test': 'list.dnswl.org',
  'dbl.dnsbl.test': 'dbl.spamhaus.org',
  'uri.dnsbl.test': 'multi.uribl.com',
}

/**
 * A live, empty list: its SOA and, where the list documents test points, its listed test point
 * (answering the test point itself when it is a 127.0.0.x code, 127.0.0.2 otherwise).
 */
export function aliveEmptyZone(zone: { zone: string; testPoints?: { listed: string } }): KnotZone {
  const lines = [
    '$TTL 60',
    '@ IN SOA ns.dnsbl.test. hostmaster.dnsbl.test. 2026112301 3600 600 86400 60',
    '@ IN NS ns.dnsbl.test.',
  ]
  const listed = zone.testPoints?.listed
  if (listed) {
    const code = /^127\.0\.0\.\d+$/.test(listed) ? listed : '127.0.0.2'
    lines.push(`${testPointName(zone as Parameters<typeof testPointName>[0], listed)}. IN A ${code}`)
  }
  return { origin: zone.zone, text: `${lines.join('\n')}\n` }
}

/**
 * The fixture zones under their lab and real names; with `everyList`, every other shipped list is
 * served too, alive and empty, as a healthy set of lists would be.
 */
export function dnsblLabZones({ everyList = false } = {}): KnotZone[] {
  const zones: KnotZone[] = [{ origin: 'badsite.test', text: fixture('badsite.test') }]
  for (const [lab, real] of Object.entries(REAL_NAMES)) {
    const text = fixture(lab)
    zones.push({ origin: lab, text }, { origin: real, text })
  }
  if (everyList) {
    const served = new Set(Object.values(REAL_NAMES))
    for (const zone of loadDnsblZones().zones) if (!served.has(zone.zone)) zones.push(aliveEmptyZone(zone))
  }
  return zones
}

/** Knot with the fixture zones; `everyList` also serves every other shipped list alive and empty. */
export function startDnsblKnot(options: { everyList?: boolean } = {}): Promise<KnotServer> {
  return startKnot(dnsblLabZones(options))
}

/** Listed and unlisted addresses of the fixtures. */
export const LAB = {
  listed: '198.51.100.10',
  refused: '198.51.100.11',
  policyOnly: '198.51.100.20',
  torExit: '198.51.100.30',
  allowListed: '198.51.100.40',
  unlisted: '198.51.100.99',
  listedV6: '2001:db8::bad',
  unlistedV6: '2001:db8::99',
  /** Lab ranges the target policy must let through (they are documentation ranges). */
  targetAllow: '127.0.0.0/8,198.51.100.0/24,2001:db8::/32',
} as const
