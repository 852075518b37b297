import { describe, expect, it } from 'vitest'
import { createDestinationBudget, DestinationBudgetError } from './destination-budget.ts'

describe('createDestinationBudget()', () => {
  it('lets packetsPerWindow packets go to one address per window, then refuses until the oldest ages out', () => {
    let now = 0
    const budget = createDestinationBudget({ packetsPerWindow: 3, windowMs: 60_000, now: () => now })
    const sentAt = [0, 10_000, 20_000].map((at) => {
      now = at
      return budget.take('198.51.100.53').ok
    })
    expect(sentAt).toEqual([true, true, true])
    expect(budget.take('198.51.100.53')).toEqual({ ok: false, asked: 3 })
    // Another address has its own budget.
    expect(budget.take('198.51.100.54').ok).toBe(true)
    now = 59_999
    expect(budget.take('198.51.100.53')).toEqual({ ok: false, asked: 3 })
    now = 60_001
    expect(budget.take('198.51.100.53').ok).toBe(true)
    expect(budget.take('198.51.100.53')).toEqual({ ok: false, asked: 3 })
  })

  it('words a refusal as a result users can read', () => {
    expect(new DestinationBudgetError(30).message).toBe(
      'not asked: this address was already asked 30 times in the last minute',
    )
  })
})
