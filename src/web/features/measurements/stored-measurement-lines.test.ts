// A measurement from several places as History shows it: its side-by-side table, then every
// location with its status and its own lines.
import { describe, expect, it } from 'vitest'
import { storedRdnsMeasurement } from '../../../../test/support/probes/stored-measurement.ts'
import { storedMeasurementLines } from './measurement-export.ts'

const stored = storedRdnsMeasurement

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
