// Knot serving the DNSBL fixture zones twice: under the shipped lists' real names (zen.spamhaus.org...),
// for tests of the shipped zone list, and under lab names (zen.dnsbl.test...) for a DNSBL_ZONES_FILE.
// All questions go to this loopback server; nothing reaches the real lists.
import { readFileSync } from 'node:fs'
import { type KnotServer, type KnotZone, startKnot } from './knot.ts'

const fixture = (file: string) => readFileSync(new URL(`../fixtures/zones/${file}.zone`, import.meta.url), 'utf8')

/** Fixture file → the shipped zone names it stands in for. */
const REAL_NAMES: Record<string, string> = {
  'zen.dnsbl.test': 'zen.spamhaus.org',
  'bl.dnsbl.test': 'bl.spamcop.net',
  'tor.dnsbl.test': 'dnsel.torproject.org',
  'wl.dnsbl.test': 'list.dnswl.org',
  'dbl.dnsbl.test': 'dbl.spamhaus.org',
  'uri.dnsbl.test': 'multi.uribl.com',
}

export function dnsblLabZones(): KnotZone[] {
  const zones: KnotZone[] = [{ origin: 'badsite.test', text: fixture('badsite.test') }]
  for (const [lab, real] of Object.entries(REAL_NAMES)) {
    const text = fixture(lab)
    zones.push({ origin: lab, text }, { origin: real, text })
  }
  return zones
}

export function startDnsblKnot(): Promise<KnotServer> {
  return startKnot(dnsblLabZones())
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
