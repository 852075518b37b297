import { describe, expect, it } from 'vitest'
import type { BlacklistRow } from '../../../shared/tools/blacklist/schema.ts'
import { sortRows } from './zone-status.ts'

const row = (id: string, status: BlacklistRow['status']) => ({ id, status }) as BlacklistRow

describe('sortRows()', () => {
  it('shows listed, then unknown, allow-listed and clean lists, keeping list order within each', () => {
    const rows = [
      row('a', 'clean'),
      row('b', 'listed'),
      row('c', 'unverified'),
      row('d', 'allowed'),
      row('e', 'listed'),
    ]
    expect(sortRows(rows).map((r) => r.id)).toEqual(['b', 'e', 'c', 'd', 'a'])
  })
})
