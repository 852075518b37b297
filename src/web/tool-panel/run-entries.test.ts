import { describe, expect, it } from 'vitest'
import { keepOutcome, keptOutcome, readLinkedRun, runIdOf, runSearch } from './run-entries.ts'

const answer = { tool: 'dns', input: 'example.com', status: 'ok' as const, result: null, lines: [], durationMs: 1 }

describe('readLinkedRun()', () => {
  it('runs ?q= once and only fills the field with ?input=', () => {
    expect(readLinkedRun(new URLSearchParams('q=example.com&type=MX'))).toEqual({ input: 'example.com', run: true })
    expect(readLinkedRun(new URLSearchParams('input=example.com'))).toEqual({ input: 'example.com', run: false })
  })

  it('still runs the older ?input=…&run=1 links, and ?run=1 alone for a tool without input', () => {
    expect(readLinkedRun(new URLSearchParams('input=example.com&run=1'))).toEqual({ input: 'example.com', run: true })
    expect(readLinkedRun(new URLSearchParams('run=1'))).toEqual({ input: null, run: true })
    expect(readLinkedRun(new URLSearchParams(''))).toEqual({ input: null, run: false })
  })
})

describe('runSearch()', () => {
  it('writes q first, then the options, encoded', () => {
    expect(runSearch('a b&c', [['type', 'MX']])).toBe('?q=a+b%26c&type=MX')
    expect(runSearch(null, [])).toBe('')
  })
})

describe('kept outcomes', () => {
  it('finds an entry’s outcome by the run id in its history state', () => {
    keepOutcome('run-1', { status: 'success', answer })
    expect(keptOutcome(runIdOf({ toolRun: 'run-1' }))).toEqual({ status: 'success', answer })
    expect(keptOutcome(runIdOf(null))).toBeUndefined()
    expect(keptOutcome(runIdOf({ toolRun: 'unknown' }))).toBeUndefined()
  })

  it('drops the oldest outcomes beyond 50', () => {
    for (let i = 0; i < 60; i++) keepOutcome(`many-${i}`, { status: 'success', answer })
    expect(keptOutcome('many-0')).toBeUndefined()
    expect(keptOutcome('many-59')).toBeDefined()
  })
})
