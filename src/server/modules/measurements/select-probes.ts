// Picks the probes of a measurement from its location entries, the way Globalping reads them: a
// country code or name, a city, a continent code or name, a region, an ASN ("AS13335"), a network
// name, a probe name, "any" or "World" (every probe) or "local"; free text whose words must each match
// one of those fields ("Cloudflare Frankfurt", "Cloudflare+Frankfurt"); alternatives separated by
// commas ("DE, FR, AS13335": a probe matching any of them). Each entry takes up to `limit` probes that
// can run the tool, at random, spread over networks and cities, the probes that timed out lately less
// often; no probe is taken twice.

import { findEntry } from '../../../shared/catalogue.ts'
import { CONTINENT_NAMES } from '../../../shared/continents.ts'
import type { MeasurementToolId, ProbeInfo } from '../../../shared/measurements.ts'

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return ''
  try {
    return countryNames.of(code) ?? ''
  } catch {
    return ''
  }
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

interface MatchKeys {
  /** Folded names a term must equal: country code and name, continent, city, region, probe name, id. */
  exact: Set<string>
  /** The folded network name and each of its words. */
  network: Set<string>
}

/** A probe's match keys, worked out once per probe object (a listing is reused for a while). */
const keysOf = (() => {
  const known = new WeakMap<ProbeInfo, MatchKeys>()
  return (probe: ProbeInfo): MatchKeys => {
    let keys = known.get(probe)
    if (!keys) {
      const names = [
        probe.country,
        countryName(probe.country),
        probe.continent,
        CONTINENT_NAMES[probe.continent] ?? '',
        probe.city,
        probe.region,
        probe.name,
        probe.id,
      ]
      const network = fold(probe.network)
      keys = {
        exact: new Set(names.filter((name) => name !== '').map(fold)),
        // A network is often named at length ("Cloudflare, Inc."): a word of its name is enough.
        network: new Set(network === '' ? [] : [network, ...network.split(/[^a-z0-9]+/).filter(Boolean)]),
      }
      known.set(probe, keys)
    }
    return keys
  }
})()

/** Whether one folded word or phrase names something about the probe. */
function matchesTerm(probe: ProbeInfo, term: string): boolean {
  if (term === '') return false
  const asn = /^as(\d+)$/.exec(term)
  if (asn) return probe.asn === Number(asn[1])
  const keys = keysOf(probe)
  return keys.exact.has(term) || keys.network.has(term)
}

/** Whether one alternative selects the probe: "any"/"World", "local", the whole text, or each of its words. */
function matchesAlternative(probe: ProbeInfo, text: string): boolean {
  if (text === 'any' || text === 'world') return true
  if (text === 'local' || text === 'this server') return probe.local
  if (matchesTerm(probe, text)) return true
  const words = text.split(/[\s+]+/).filter(Boolean)
  return words.length > 1 && words.every((word) => matchesTerm(probe, word))
}

/** Whether a location entry selects a probe: any of its comma-separated alternatives does. */
function locationMatcher(location: string): (probe: ProbeInfo) => boolean {
  const alternatives = location
    .split(',')
    .map(fold)
    .filter((text) => text !== '')
  return (probe) => alternatives.some((text) => matchesAlternative(probe, text))
}

export function matchesLocation(probe: ProbeInfo, location: string): boolean {
  return locationMatcher(location)(probe)
}

export type Selection = { ok: true; probes: ProbeInfo[] } | { ok: false; status: 400 | 422; message: string }

export interface SelectionRequest {
  tool: MeasurementToolId
  locations: string[]
  limit: number
  maxProbes: number
  /** Recent timeouts per probe id (decayed): a probe with more is chosen less often. */
  timeouts?: ReadonlyMap<string, number>
}

/** How much less likely a probe is to be taken when one of its network, or of its city, is already in. */
const SAME_NETWORK_WEIGHT = 0.1
const SAME_CITY_WEIGHT = 0.3

/**
 * Up to `count` probes drawn one by one, each with a chance proportional to its weight: 1 / (1 + its
 * recent timeouts), lowered while a probe of the same network or city is already drawn.
 */
function drawSpread(
  able: ProbeInfo[],
  count: number,
  timeouts: ReadonlyMap<string, number> | undefined,
  random: () => number,
): ProbeInfo[] {
  const left = [...able]
  const reliability = left.map((probe) => 1 / (1 + (timeouts?.get(probe.id) ?? 0)))
  const drawn: ProbeInfo[] = []
  const networks = new Map<string, number>()
  const cities = new Map<string, number>()
  const networkOf = (probe: ProbeInfo) => (probe.asn === null ? `n:${probe.network}` : `a:${probe.asn}`)
  const cityOf = (probe: ProbeInfo) => `${probe.country}:${probe.city}`
  while (drawn.length < count && left.length > 0) {
    const weights = left.map(
      (probe, i) =>
        (reliability[i] as number) *
        SAME_NETWORK_WEIGHT ** (networks.get(networkOf(probe)) ?? 0) *
        SAME_CITY_WEIGHT ** (cities.get(cityOf(probe)) ?? 0),
    )
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    let at = random() * total
    let index = weights.findIndex((weight) => {
      at -= weight
      return at < 0
    })
    if (index === -1) index = left.length - 1
    const [probe] = left.splice(index, 1) as [ProbeInfo]
    reliability.splice(index, 1)
    drawn.push(probe)
    networks.set(networkOf(probe), (networks.get(networkOf(probe)) ?? 0) + 1)
    cities.set(cityOf(probe), (cities.get(cityOf(probe)) ?? 0) + 1)
  }
  return drawn
}

export function selectProbes(candidates: ProbeInfo[], request: SelectionRequest, random = Math.random): Selection {
  const { tool, locations, limit, maxProbes } = request
  if (locations.length * limit > maxProbes) {
    return {
      ok: false,
      status: 400,
      message: `A measurement may use at most ${maxProbes} probes: ${locations.length} locations × limit ${limit} asks for ${locations.length * limit}`,
    }
  }
  const toolName = findEntry(tool)?.name ?? tool
  const chosen = new Map<string, ProbeInfo>()
  const unmatched: string[] = []
  const withoutTool: string[] = []
  for (const location of locations) {
    const matching = candidates.filter(locationMatcher(location))
    const able = matching.filter((probe) => probe.tools.includes(tool) && !chosen.has(probe.id))
    if (matching.length === 0) unmatched.push(location)
    else if (!matching.some((probe) => probe.tools.includes(tool))) withoutTool.push(location)
    for (const probe of drawSpread(able, limit, request.timeouts, random)) chosen.set(probe.id, probe)
  }
  const problems = [
    ...(unmatched.length > 0 ? [`No connected probe matches ${unmatched.map((l) => `"${l}"`).join(', ')}`] : []),
    ...(withoutTool.length > 0
      ? [`No probe in ${withoutTool.map((l) => `"${l}"`).join(', ')} can run ${toolName}`]
      : []),
  ]
  if (problems.length > 0) return { ok: false, status: 422, message: problems.join('; ') }
  if (chosen.size === 0) return { ok: false, status: 422, message: 'No probe is free for this measurement' }
  return { ok: true, probes: [...chosen.values()] }
}
