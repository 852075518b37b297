import { describe, expect, it } from 'vitest'
import type { MeasurementRow } from '../../../../shared/measurements.ts'
import { evaluateDnsLocations } from './dns-locations.ts'

const probe = (name: string, country: string) => ({
  id: name,
  name,
  country,
  city: '',
  continent: 'EU',
  region: '',
  asn: null,
  network: '',
  latitude: null,
  longitude: null,
  local: false,
})

const answered = (name: string, country: string, values: string[]): MeasurementRow => ({
  probe: probe(name, country),
  status: 'finished',
  result: {
    tool: 'dns',
    input: 'www.example.test',
    status: 'ok',
    result: {
      name: 'www.example.test',
      queries: [
        {
          type: 'A',
          rcode: 'NOERROR',
          answers: values.map((value) => ({ name: 'www.example.test', type: 'A', ttl: 60, value })),
        },
      ],
    },
    lines: [],
    durationMs: 3,
  },
})

const lost = (name: string, country: string): MeasurementRow => ({
  probe: probe(name, country),
  status: 'probe-lost',
  error: `Probe ${name} disconnected before it answered`,
})

const settings = { type: 'A' as const, locations: ['DE', 'FR'] }

describe('evaluateDnsLocations()', () => {
  it('records the first place’s answer and says so when the places disagree at baseline time', () => {
    const verdict = evaluateDnsLocations({
      settings,
      baseline: null,
      rows: [answered('fra', 'DE', ['198.51.100.7']), answered('par', 'FR', ['198.51.100.9'])],
    })
    expect(verdict).toEqual({
      state: 'problem',
      value: 1,
      summary: 'Baseline recorded from fra (DE): A 198.51.100.7; locations disagree: par (FR) answers 198.51.100.9',
      baseline: ['198.51.100.7'],
    })
  })

  it('counts a lost probe as not checked from its place, never as ok or a problem', () => {
    const verdict = evaluateDnsLocations({
      settings,
      baseline: ['198.51.100.7'],
      rows: [answered('fra', 'DE', ['198.51.100.7']), lost('par', 'FR')],
    })
    expect(verdict).toEqual({
      state: 'ok',
      value: 1,
      summary:
        'A unchanged at fra (DE): 1 record; not checked from par (FR): Probe par disconnected before it answered',
    })
  })

  it('is unknown when no place could answer', () => {
    const verdict = evaluateDnsLocations({
      settings,
      baseline: ['198.51.100.7'],
      rows: [lost('fra', 'DE'), { probe: probe('par', 'FR'), status: 'failed', error: 'The probe is busy' }],
    })
    expect(verdict).toEqual({
      state: 'unknown',
      value: null,
      summary:
        'Not checked from any location: fra (DE): Probe fra disconnected before it answered; par (FR): The probe is busy',
    })
  })
})
