// A measurement from several places saved to History: read as the text the page hands History for
// it, and linked back to its tool with the same places.
import { describe, expect, it } from 'vitest'
import { findEntry } from '../../../shared/catalogue.ts'
import { storedMeasurement } from '../../../shared/measurements.ts'
import { toolLink } from './history-entry.tsx'
import { resultLines } from './result-lines.ts'

const probe = {
  id: 'p-fra',
  name: 'fra-1',
  country: 'DE',
  city: 'Frankfurt',
  continent: 'EU',
  region: '',
  asn: 64500,
  network: 'Example Transit',
  latitude: null,
  longitude: null,
  local: false,
}

const stored = storedMeasurement.parse({
  kind: 'measurement',
  id: 'm1',
  tool: 'rdns',
  input: '198.51.100.7',
  options: {},
  locations: ['DE', 'local'],
  createdAt: '2026-01-02T03:04:05.000Z',
  results: [
    {
      probe,
      status: 'finished',
      result: {
        tool: 'rdns',
        input: '198.51.100.7',
        status: 'ok',
        result: null,
        lines: ['7.100.51.198.in-addr.arpa. PTR host.example.test.'],
        durationMs: 8,
      },
    },
    {
      probe: { ...probe, id: 'local', name: 'local', city: '', country: '', asn: null, network: '', local: true },
      status: 'probe-lost',
      error: 'The probe went away',
    },
  ],
})

describe('a saved measurement in History', () => {
  it('reads as the text the page hands in for a measurement, and field by field without it', () => {
    const written = resultLines('rdns', stored, (m) => [`${m.tool} from ${m.results.length} places`])
    expect(written).toEqual(['rdns from 2 places'])
    const fields = resultLines('rdns', stored)
    expect(fields).toContain('kind: measurement')
    expect(fields).toContain('locations: DE, local')
  })

  it('opens its tool with the same places, and runs it again from them', () => {
    const entry = findEntry('rdns')
    if (!entry) throw new Error('rdns is in the catalogue')
    expect(toolLink(entry, '198.51.100.7', true, stored)).toBe(`/${entry.route}?q=198.51.100.7&from=DE%2C+local`)
    expect(toolLink(entry, '198.51.100.7', false, stored)).toBe(`/${entry.route}?input=198.51.100.7&from=DE%2C+local`)
    expect(toolLink(entry, '198.51.100.7', true, { some: 'single result' })).toBe(`/${entry.route}?q=198.51.100.7`)
  })
})
