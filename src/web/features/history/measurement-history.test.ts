// A measurement from several places saved to History: read as the text the page hands History for
// it, and linked back to its tool with the same places.
import { describe, expect, it } from 'vitest'
import { storedRdnsMeasurement } from '../../../../test/support/probes/stored-measurement.ts'
import { findEntry } from '../../../shared/catalogue.ts'
import { toolLink } from './history-entry.tsx'
import { resultLines } from './result-lines.ts'

const stored = storedRdnsMeasurement

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
