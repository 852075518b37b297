import { describe, expect, it } from 'vitest'
import { measurementCsv, measurementFileName, measurementLines, textTable } from './measurement-export.ts'
import type { MeasurementState } from './measurement-state.ts'
import { pingAnswer, probes, row } from './test-rows.ts'

const measurement: MeasurementState = {
  id: 'm1',
  tool: 'ping',
  input: 'example.test',
  options: {},
  locations: ['any'],
  finished: true,
  createdAt: '2026-01-02T03:04:05.000Z',
  rows: [
    row({ probe: probes.frankfurt, status: 'finished', result: pingAnswer('198.51.100.7', [10.5, 11.5, 12]) }),
    row({
      probe: probes.paris,
      status: 'finished',
      result: {
        ...pingAnswer('198.51.100.7', [null, null]),
        status: 'failed',
        failureSource: 'target',
        error: '=cmd, "no reply"',
      },
    }),
    row({ probe: probes.here, status: 'probe-lost', error: 'The probe disconnected' }),
  ],
}

describe('textTable()', () => {
  it('pads every column but the last to its widest cell', () => {
    expect(textTable(['A', 'Bee', 'C'], [['long', 'x', 'end']])).toEqual(['A     Bee  C', 'long  x    end'])
  })
})

describe('measurementLines()', () => {
  it('starts with the title and the side-by-side table, then each location with its status and lines', () => {
    const lines = measurementLines(measurement)
    expect(lines.slice(0, 4)).toEqual([
      'Ping example.test from 3 locations',
      'Measured 2026-01-02T03:04:05.000Z',
      '',
      'Round trips by location',
    ])
    expect(lines[4]).toMatch(/^Location +Status +Address +Received +Loss +Min +Avg +Max$/)
    expect(lines[5]).toMatch(/^Frankfurt, Germany +Done +198\.51\.100\.7 +3\/3 +0% +10\.5 ms +11\.333 ms +12 ms$/)
    expect(lines[6]).toMatch(/^Paris, France +Failed \(target\) +198\.51\.100\.7 +0\/2 +100%$/)
    expect(lines[7]).toMatch(/^This server +Probe lost$/)
    expect(lines).toContain('== Paris, France, AS64501 Example Access (probe par-1): Failed (target): =cmd, "no reply"')
    expect(lines).toContain('== This server: Probe lost: The probe disconnected')
  })
})

describe('measurementCsv()', () => {
  it('has one record per location with the comparison columns, quoting and defusing formulas', () => {
    const records = measurementCsv(measurement).split('\r\n')
    expect(records[0]).toBe('#,location,network,probe,status,failure,message,Address,Received,Loss,Min,Avg,Max,result')
    expect(records[1]).toBe(
      '1,"Frankfurt, Germany",AS64500 Example Transit,fra-1,Done,,,198.51.100.7,3/3,0%,10.5 ms,11.333 ms,12 ms,PING example.test (198.51.100.7) 56(84) bytes of data.',
    )
    expect(records[2]).toContain(',Failed,target,"\'=cmd, ""no reply""",')
    expect(records[3]).toBe('3,This server,,local,Probe lost,,The probe disconnected,,,,,,,')
  })
})

describe('measurementFileName()', () => {
  it('names the tool, the input, the number of locations and the UTC time', () => {
    expect(measurementFileName(measurement, new Date('2026-01-02T03:04:05Z'), 'csv')).toBe(
      'nettoolbox-ping-example.test-3-locations-20260102-030405.csv',
    )
  })
})
