// A measurement of reverse DNS from two places, one answered (Frankfurt) and one whose probe went
// away, as History and the measurement views read it back.
import { storedMeasurement } from '../../../src/shared/measurements.ts'

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

export const storedRdnsMeasurement = storedMeasurement.parse({
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
