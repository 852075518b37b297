import { describe, expect, it } from 'vitest'
import type { ProbeInfo } from '../../../shared/measurements.ts'
import { matchesLocation, selectProbes } from './select-probes.ts'

const probe = (fields: Partial<ProbeInfo> & { id: string }): ProbeInfo => ({
  name: fields.id,
  country: '',
  city: '',
  continent: '',
  region: '',
  asn: null,
  network: '',
  latitude: null,
  longitude: null,
  local: false,
  tools: ['ping', 'dns'],
  connectedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
})

const frankfurt = probe({
  id: 'fra',
  country: 'DE',
  city: 'Frankfurt',
  continent: 'EU',
  region: 'eu-central',
  asn: 13335,
  network: 'Cloudflare, Inc.',
})
const newYork = probe({ id: 'nyc', country: 'US', city: 'New York', continent: 'NA', asn: 64500, network: 'Example' })
const site = probe({ id: 'local', local: true, tools: ['dns'] })

describe('matchesLocation()', () => {
  it.each([
    ['DE', true],
    ['de', true],
    ['Germany', true],
    ['frankfurt', true],
    ['EU', true],
    ['Europe', true],
    ['eu-central', true],
    ['AS13335', true],
    ['as13335', true],
    ['AS64500', false],
    ['Cloudflare', true],
    ['Cloudflare Frankfurt', true],
    ['Cloudflare Paris', false],
    ['FR', false],
    ['any', true],
    ['World', true],
    ['world', true],
    ['local', false],
    ['Cloudflare+Frankfurt', true],
    ['Cloudflare+Paris', false],
    ['FR, DE', true],
    ['FR,JP', false],
    ['JP, AS13335', true],
    ['Asia, Cloudflare Frankfurt', true],
    ['Asia, Cloudflare Paris', false],
    ['France, Germany', true],
    ['North America, Oceania', false],
    [', Europe ,', true],
    ['Frankfurt am Main', false],
  ])('a Frankfurt probe of AS13335 and "%s": %s', (location, expected) => {
    expect(matchesLocation(frankfurt, location)).toBe(expected)
  })

  it('takes a city of several words as a whole', () => {
    expect(matchesLocation(newYork, 'New York')).toBe(true)
    expect(matchesLocation(newYork, 'New Delhi')).toBe(false)
  })

  it('"local" is the site own probe only', () => {
    expect(matchesLocation(site, 'local')).toBe(true)
    expect(matchesLocation(newYork, 'local')).toBe(false)
  })
})

describe('selectProbes()', () => {
  const all = [frankfurt, newYork, site]

  it('takes up to limit probes per entry and no probe twice', () => {
    const chosen = selectProbes(all, { tool: 'dns', locations: ['EU', 'any'], limit: 2, maxProbes: 10 })
    expect(chosen.ok && chosen.probes.map((p) => p.id).sort()).toEqual(['fra', 'local', 'nyc'])
  })

  it('leaves out probes that cannot run the tool and names the place where none can', () => {
    expect(selectProbes(all, { tool: 'ping', locations: ['local'], limit: 1, maxProbes: 10 })).toEqual({
      ok: false,
      status: 422,
      message: 'No probe in "local" can run Ping',
    })
  })

  it('names every place no probe is in', () => {
    expect(selectProbes(all, { tool: 'dns', locations: ['JP', 'DE', 'Mars'], limit: 1, maxProbes: 10 })).toEqual({
      ok: false,
      status: 422,
      message: 'No connected probe matches "JP", "Mars"',
    })
  })

  it('refuses more probes than the cap allows', () => {
    const refused = selectProbes(all, { tool: 'dns', locations: ['any', 'EU'], limit: 3, maxProbes: 5 })
    expect(refused).toMatchObject({ ok: false, status: 400 })
  })
})
