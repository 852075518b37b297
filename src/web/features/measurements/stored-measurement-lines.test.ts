// A measurement from several places as History shows it: its side-by-side table, then every
// location with its status and its own lines.
import { describe, expect, it } from 'vitest'
import { storedMeasurement } from '../../../shared/measurements.ts'
import { storedMeasurementLines } from './measurement-export.ts'

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

describe('storedMeasurementLines()', () => {
  it('reads as the comparison table, then every location with its status and its own lines', () => {
    const lines = storedMeasurementLines(stored)
    expect(lines[0]).toBe('Reverse DNS 198.51.100.7 from 2 locations')
    expect(lines).toContain('Answers by location')
    expect(lines.find((l) => l.startsWith('Frankfurt'))).toMatch(
      /^Frankfurt, Germany +Done +7\.100\.51\.198\.in-addr\.arpa\. PTR host\.example\.test\.$/,
    )
    expect(lines.find((l) => l.startsWith('This server'))).toMatch(/^This server +Probe lost$/)
    expect(lines).toContain('== This server: Probe lost: The probe went away')
  })
})
