import { describe, expect, it } from 'vitest'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { answerFileName, answerText, csvField, resultFileName, toJsonText } from './result-export.ts'

const answer = (patch: Partial<ToolAnswer> = {}): ToolAnswer => ({
  tool: 'dns',
  input: 'example.com',
  status: 'ok',
  result: { records: ['198.51.100.1'] },
  lines: ['example.com. 300 IN A 198.51.100.1'],
  durationMs: 12,
  ...patch,
})

describe('answerText()', () => {
  it('gives the lines the output box shows', () => {
    expect(answerText(answer({ lines: ['a', 'b'] }))).toBe('a\nb')
  })

  it('gives the result as indented JSON when there are no lines', () => {
    expect(answerText(answer({ lines: [] }))).toBe('{\n  "records": [\n    "198.51.100.1"\n  ]\n}')
  })

  it('puts the error first for a failed diagnosis', () => {
    expect(answerText(answer({ status: 'failed', error: 'NXDOMAIN', lines: ['; status: NXDOMAIN'] }))).toBe(
      'NXDOMAIN\n; status: NXDOMAIN',
    )
  })
})

describe('answerFileName()', () => {
  const at = new Date('2026-01-02T03:04:05.678Z')

  it('names the tool, the input and the UTC time', () => {
    expect(answerFileName(answer(), at)).toBe('nettoolbox-dns-example.com-20260102-030405.json')
  })

  it('keeps only safe characters of a URL input', () => {
    expect(answerFileName(answer({ tool: 'website-check', input: 'https://Example.com/a b?c=<d>' }), at)).toBe(
      'nettoolbox-website-check-example.com-a-b-c-d-20260102-030405.json',
    )
  })

  it('leaves the input out for a tool without one', () => {
    expect(answerFileName(answer({ tool: 'whatismyip', input: '' }), at)).toBe(
      'nettoolbox-whatismyip-20260102-030405.json',
    )
  })
})

describe('resultFileName()', () => {
  it('names results of tools outside the tool API the same way', () => {
    expect(resultFileName('phone-lookup', '+1 (212) 555-0123', new Date('2026-01-02T03:04:05Z'))).toBe(
      'nettoolbox-phone-lookup-1-212-555-0123-20260102-030405.json',
    )
  })
})

describe('toJsonText()', () => {
  it('is the whole value as indented JSON, parseable back', () => {
    expect(toJsonText(answer())).toContain('\n  "tool": "dns",')
    expect(JSON.parse(toJsonText(answer()))).toEqual(answer())
  })
})

describe('csvField()', () => {
  it('defuses every character a spreadsheet reads as the start of a formula, tab and carriage return too', () => {
    expect(csvField('=1+1')).toBe("'=1+1")
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-1')).toBe("'-1")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\t=1+1')).toBe("'\t=1+1")
    expect(csvField('\r=1+1')).toBe('"\'\r=1+1"')
  })

  it('leaves ordinary values alone and quotes commas and quotes', () => {
    expect(csvField('198.51.100.1')).toBe('198.51.100.1')
    expect(csvField('a "b", c')).toBe('"a ""b"", c"')
  })
})
