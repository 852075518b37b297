// Picks the probes of a measurement from its location entries, the way Globalping reads them: a
// country code or name, a city, a continent code or name, a region, an ASN ("AS13335"), a network
// name, a probe name, "any" or "local"; free text whose words must each match one of those fields
// ("Cloudflare Frankfurt"). Each entry takes up to `limit` probes that can run the tool, at random,
// and no probe is taken twice.

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

/** Whether one word or phrase names something about the probe. */
function matchesTerm(probe: ProbeInfo, term: string): boolean {
  const t = fold(term)
  if (t === '') return false
  const asn = /^as(\d+)$/.exec(t)
  if (asn) return probe.asn === Number(asn[1])
  const exact = [
    probe.country,
    countryName(probe.country),
    probe.continent,
    CONTINENT_NAMES[probe.continent] ?? '',
    probe.city,
    probe.region,
    probe.name,
    probe.id,
  ]
  if (exact.some((value) => value !== '' && fold(value) === t)) return true
  // A network is often named at length ("Cloudflare, Inc."): a word of its name is enough.
  const network = fold(probe.network)
  return network !== '' && (network === t || network.split(/[^a-z0-9]+/).includes(t))
}

/** Whether a location entry selects the probe: "any", "local", the whole text, or each of its words. */
export function matchesLocation(probe: ProbeInfo, location: string): boolean {
  const text = fold(location)
  if (text === 'any') return true
  if (text === 'local' || text === 'this server') return probe.local
  if (matchesTerm(probe, text)) return true
  const words = text.split(/[\s+,]+/).filter(Boolean)
  return words.length > 1 && words.every((word) => matchesTerm(probe, word))
}

export type Selection = { ok: true; probes: ProbeInfo[] } | { ok: false; status: 400 | 422; message: string }

export interface SelectionRequest {
  tool: MeasurementToolId
  locations: string[]
  limit: number
  maxProbes: number
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
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
    const matching = candidates.filter((probe) => matchesLocation(probe, location))
    const able = matching.filter((probe) => probe.tools.includes(tool) && !chosen.has(probe.id))
    if (matching.length === 0) unmatched.push(location)
    else if (!matching.some((probe) => probe.tools.includes(tool))) withoutTool.push(location)
    for (const probe of shuffled(able, random).slice(0, limit)) chosen.set(probe.id, probe)
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
