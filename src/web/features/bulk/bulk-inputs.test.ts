import { describe, expect, it } from 'vitest'
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { bulkCsv, bulkFileName, bulkJson } from './bulk-export.ts'
import { parseBulkLines, readCsvFirstColumn } from './bulk-inputs.ts'
import { splitLines } from './stream-bulk.ts'

describe('parseBulkLines()', () => {
  it('takes one input per pasted line, trimmed, without blank lines', () => {
    expect(parseBulkLines(' 192.0.2.1 \n\n2001:db8::1\r\nexample.com\rlast.test\n  \n')).toEqual([
      '192.0.2.1',
      '2001:db8::1',
      'example.com',
      'last.test',
    ])
  })

  it('never splits a line at a comma, a semicolon, a tab or a space', () => {
    expect(parseBulkLines('@SUM(1,2)\nshop.test, other.test\na;b\tc d\n')).toEqual([
      '@SUM(1,2)',
      'shop.test, other.test',
      'a;b\tc d',
    ])
  })

  it('keeps repeated inputs, each a row of its own, and a header-like word as an input', () => {
    expect(parseBulkLines('ip\nshop.test\nshop.test\n')).toEqual(['ip', 'shop.test', 'shop.test'])
  })
})

describe('readCsvFirstColumn()', () => {
  it('takes the first column of a CSV file and leaves its header row out', () => {
    expect(readCsvFirstColumn('\uFEFFip,note\n198.51.100.1,"office, 2nd floor"\n"198.51.100.2",x\n')).toEqual([
      '198.51.100.1',
      '198.51.100.2',
    ])
  })

  it('reads a quoted first field holding a comma and a doubled quote', () => {
    expect(readCsvFirstColumn('"a,""b""",c')).toEqual(['a,"b"'])
  })
})

const rows: BulkRow[] = [
  { index: 1, input: 'bad', error: { type: 'invalid_input', message: 'Invalid IP address format' } },
  {
    index: 0,
    input: '198.51.100.1',
    answer: { tool: 'rdns', input: '198.51.100.1', status: 'ok', result: {}, lines: ['a "q"', 'b'], durationMs: 3 },
    summary: 'PTR shop.test, "quoted" (forward-confirmed)',
  },
  { index: 2, input: '=cmd', error: { type: 'rate_limited', message: 'Too many tool runs, wait' } },
  {
    index: 3,
    input: '@SUM(1,2)',
    answer: { tool: 'rdns', input: 'x', status: 'failed', result: null, lines: [], durationMs: 1, error: 'x' },
    summary: "-x — the target's failure",
  },
]

describe('bulkCsv()', () => {
  it('writes one record per input in input order: status in words, the answer, the options, the full text', () => {
    expect(bulkCsv(rows, 'Record type MX · DNSSEC off')).toBe(
      [
        '#,input,status,answer,options,full text',
        '1,198.51.100.1,ok,"PTR shop.test, ""quoted"" (forward-confirmed)",Record type MX · DNSSEC off,"a ""q""\nb"',
        '2,bad,invalid,Invalid IP address format,Record type MX · DNSSEC off,',
        `3,'=cmd,refused,"Too many tool runs, wait",Record type MX · DNSSEC off,`,
        `4,"'@SUM(1,2)",failed,'-x — the target's failure,Record type MX · DNSSEC off,`,
        '',
      ].join('\r\n'),
    )
    expect(rows.map(bulkRowStatus)).toEqual(['invalid', 'ok', 'refused', 'failed'])
  })

  it('keeps the options with the rows in the JSON export', () => {
    expect(bulkJson('dns', rows.slice(0, 1), { type: 'MX' })).toEqual({
      tool: 'dns',
      options: { type: 'MX' },
      rows: [rows[0]],
    })
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
