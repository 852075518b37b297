import { describe, expect, it } from 'vitest'
import { whoisLines } from './lines.ts'
import { type WhoisResult, whoisResult } from './schema.ts'

const result = (patch: Partial<WhoisResult> = {}): WhoisResult => ({
  query: 'xn--mnchen-3ya.de',
  kind: 'domain',
  protocol: 'rdap',
  sources: ['https://rdap.example/domain/xn--mnchen-3ya.de'],
  raw: '{}',
  notes: [],
  statuses: [],
  nameServers: [],
  ...patch,
})

describe('whoisLines()', () => {
  it('shows the Unicode name under the ASCII query of an internationalised domain', () => {
    const lines = whoisLines(result({ unicodeName: 'münchen.de' }))
    expect(lines.slice(0, 2)).toEqual(['Query: xn--mnchen-3ya.de (domain)', 'Unicode name: münchen.de'])
  })

  it('shows no Unicode name for an ASCII domain', () => {
    expect(whoisLines(result({ query: 'example.com' })).some((line) => line.startsWith('Unicode name'))).toBe(false)
  })
})

describe('whoisResult', () => {
  it('accepts a result with or without unicodeName', () => {
    expect(whoisResult.safeParse(result()).success).toBe(true)
    expect(whoisResult.parse(result({ unicodeName: 'münchen.de' })).unicodeName).toBe('münchen.de')
  })
})
