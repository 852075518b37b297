import { describe, expect, it } from 'vitest'
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { bulkCsv, bulkFileName } from './bulk-export.ts'
import { parseBulkInputs } from './bulk-inputs.ts'
import { splitLines } from './stream-bulk.ts'

describe('parseBulkInputs()', () => {
  it('takes one input per pasted line, trimmed, without blank lines', () => {
    expect(parseBulkInputs(' 192.0.2.1 \n\n2001:db8::1\r\nexample.com\n')).toEqual([
      '192.0.2.1',
      '2001:db8::1',
      'example.com',
    ])
  })

  it('takes the first column of a CSV file and leaves its header row out', () => {
    expect(parseBulkInputs('\uFEFFip,note\n198.51.100.1,"office, 2nd floor"\n"198.51.100.2",x\n')).toEqual([
      '198.51.100.1',
      '198.51.100.2',
    ])
  })

  it('reads a quoted first field holding a comma and a doubled quote', () => {
    expect(parseBulkInputs('"a,""b""",c')).toEqual(['a,"b"'])
  })
})

const rows: BulkRow[] = [
  { index: 1, input: 'bad', error: { type: 'invalid_input', message: 'Invalid IP address format' } },
  {
    index: 0,
    input: '198.51.100.1',
    answer: { tool: 'rdns', input: '198.51.100.1', status: 'ok', result: {}, lines: ['a', 'b'], durationMs: 3 },
  },
  { index: 2, input: '=cmd', error: { type: 'rate_limited', message: 'Too many tool runs, wait' } },
]

describe('bulkCsv()', () => {
  it('writes one line per input in input order, quoting commas and line breaks and defusing formulas', () => {
    expect(bulkCsv(rows)).toBe(
      [
        '#,input,status,message,result',
        '1,198.51.100.1,ok,,"a\nb"',
        '2,bad,invalid,Invalid IP address format,',
        '3,\'=cmd,refused,"Too many tool runs, wait",',
        '',
      ].join('\r\n'),
    )
    expect(rows.map(bulkRowStatus)).toEqual(['invalid', 'ok', 'refused'])
  })

  it('names the file after the tool and the UTC time', () => {
    expect(bulkFileName('rdns', new Date('2026-01-02T03:04:05Z'), 'csv')).toBe(
      'nettoolbox-bulk-rdns-20260102-030405.csv',
    )
  })
})

describe('splitLines()', () => {
  it('keeps an unfinished line for the next chunk', () => {
    expect(splitLines('{"a":1}\n{"b"')).toEqual({ lines: ['{"a":1}'], rest: '{"b"' })
  })
})
