import { describe, expect, it } from 'vitest'
import type { BlacklistRow } from '../../../shared/tools/blacklist/schema.ts'
import { foldBlacklistProgress } from './blacklist-live.ts'

const row: BlacklistRow = {
  id: 'zen',
  list: 'Zen',
  zone: 'zen.dnsbl.test',
  kind: 'ip',
  target: '198.51.100.10',
  query: '10.100.51.198.zen.dnsbl.test',
  status: 'clean',
  codes: [],
  meanings: [],
  detail: 'Not listed',
  reason: null,
  timeMs: 3,
  info: 'https://lab.dnsbl.test/',
}

describe('foldBlacklistProgress()', () => {
  it('keeps the verdicts in arrival order and skips events that are not one', () => {
    const first = { row, done: 1, total: 2 }
    const second = { row: { ...row, id: 'slow', status: 'unverified' }, done: 2, total: 2 }
    expect(foldBlacklistProgress([first, { type: 'start' }, second])).toEqual([first, second])
  })
})
