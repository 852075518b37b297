// How a measurement chooses among many probes that match its location: at random, spread over
// networks and cities, and the probes that lately timed out less often. Statistical, with fixed seeds:
// the same draws on every run.
import { describe, expect, it } from 'vitest'
import { selectProbes } from '../../src/server/modules/measurements/select-probes.ts'
import type { ProbeInfo } from '../../src/shared/measurements.ts'
import { seededRandom } from '../support/seeded-random.ts'

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

describe('selectProbes() among many matching probes', () => {
  /** 50 probes in 10 cities and 25 networks, all in Europe. */
  const fifty = Array.from({ length: 50 }, (_, i) =>
    probe({ id: `p${i}`, country: 'DE', continent: 'EU', city: `City ${i % 10}`, asn: 64500 + (i % 25) }),
  )
  const ask = (random: () => number, timeouts?: ReadonlyMap<string, number>, limit = 1) => {
    const chosen = selectProbes(fifty, { tool: 'dns', locations: ['Europe'], limit, maxProbes: 10, timeouts }, random)
    if (!chosen.ok) throw new Error(chosen.message)
    return chosen.probes
  }

  it('100 asks for one probe reach at least 40 different probes', () => {
    const random = seededRandom(7)
    const seen = new Set(Array.from({ length: 100 }, () => ask(random)[0]?.id))
    expect(seen.size).toBeGreaterThanOrEqual(40)
  })

  it('spreads the probes of one ask over networks and cities', () => {
    const random = seededRandom(11)
    let sameNetwork = 0
    let sameCity = 0
    for (let i = 0; i < 200; i += 1) {
      const probes = ask(random, undefined, 3)
      expect(probes).toHaveLength(3)
      if (new Set(probes.map((p) => p.asn)).size < 3) sameNetwork += 1
      if (new Set(probes.map((p) => p.city)).size < 3) sameCity += 1
    }
    // Drawn blindly, three of these probes share a network in about 12 % of asks, a city in about 28 %.
    expect(sameNetwork).toBeLessThan(8)
    expect(sameCity).toBeLessThan(30)
  })

  it('chooses a probe with many recent timeouts clearly less often', () => {
    const random = seededRandom(3)
    const timeouts = new Map([['p0', 9]])
    const counts = { flaky: 0, steady: 0 }
    for (let i = 0; i < 5000; i += 1) {
      const id = ask(random, timeouts)[0]?.id
      if (id === 'p0') counts.flaky += 1
      if (id === 'p1') counts.steady += 1
    }
    // Weights 1/10 against 1: about 10 against 100 of the 5,000 asks.
    expect(counts.steady).toBeGreaterThan(70)
    expect(counts.flaky).toBeLessThan(counts.steady / 4)
    expect(counts.flaky).toBeGreaterThan(0)
  })
})
