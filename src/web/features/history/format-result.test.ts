import { describe, expect, it } from 'vitest'
import { formatResult } from './format-result.ts'

describe('formatResult()', () => {
  it('shows a string as it is', () => {
    expect(formatResult('PING example.test\n4 packets')).toBe('PING example.test\n4 packets')
  })

  it('joins an array with line breaks, objects inside it as JSON', () => {
    expect(formatResult(['a', 'b', 3, { k: 1 }])).toBe('a\nb\n3\n{\n  "k": 1\n}')
  })

  it('shows an object as JSON indented by two spaces', () => {
    expect(formatResult({ server: '127.0.0.1', answers: [1] })).toBe(
      '{\n  "server": "127.0.0.1",\n  "answers": [\n    1\n  ]\n}',
    )
  })

  it('shows null and numbers as JSON', () => {
    expect(formatResult(null)).toBe('null')
    expect(formatResult(42)).toBe('42')
  })
})
