// Where a probe is: what the offline IP data (src/diagnostics/ip-data) says about its public address,
// with every field the operator set taking precedence.
import ipaddr from 'ipaddr.js'
import { readIpFacts } from '../diagnostics/ip-data/ip-facts.ts'
import { parseIpLiteral } from '../diagnostics/net/ip-literal.ts'
import { continentOf } from '../shared/continents.ts'
import { PROBE_TEXT_MAX, type ProbeAnnouncedLocation } from '../shared/probe-protocol.ts'
import type { LocationOverrides } from './probe-config.ts'

/** The site takes at most PROBE_TEXT_MAX characters per field: a long name from the data is cut. */
const fitted = (text: string) => text.slice(0, PROBE_TEXT_MAX)

/** The location to announce; fields neither the data nor the operator give are "" (or null). */
export async function deriveLocation(
  publicAddress: string | undefined,
  overrides: LocationOverrides,
): Promise<ProbeAnnouncedLocation> {
  const literal = publicAddress ? parseIpLiteral(publicAddress) : null
  // A private or loopback address (a probe on the site's own network) says nothing about where it is.
  const isPublic = literal !== null && ipaddr.process(literal.address).range() === 'unicast'
  const facts = literal && isPublic ? await readIpFacts(literal) : undefined
  const place = facts?.location
  const country = overrides.country ?? place?.countryCode?.toUpperCase() ?? ''
  return {
    country,
    city: fitted(overrides.city ?? place?.city ?? ''),
    continent: overrides.continent ?? continentOf(country),
    region: overrides.region ?? '',
    asn: overrides.asn ?? facts?.network?.asn ?? null,
    network: fitted(overrides.network ?? facts?.network?.name ?? ''),
    latitude: overrides.latitude ?? place?.latitude ?? null,
    longitude: overrides.longitude ?? place?.longitude ?? null,
  }
}
