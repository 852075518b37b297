import { describe, expect, it } from 'vitest'
import { createMemoryCounterStore } from './counter-store.ts'
import type { Budget } from './limit-rules.ts'
import { createRateLimiter } from './rate-limiter.ts'

const tools: Budget = { name: 'tools', amount: 1, max: 2, tooMany: 'Too many tool runs', perAccount: true }

describe('createRateLimiter()', () => {
  it('refuses an address over the budget with the seconds left in the window', async () => {
    let now = 0
    const limiter = createRateLimiter(createMemoryCounterStore({ now: () => now }))
    await limiter.consume([tools], { address: 'a' })
    now = 18_500
    await limiter.consume([tools], { address: 'a' })
    expect(await limiter.consume([tools], { address: 'a' })).toEqual({
      budget: tools,
      subject: 'address',
      retryAfterSeconds: 42,
    })
    expect(await limiter.consume([tools], { address: 'b' })).toBeUndefined()
  })

  it('counts a signed-in account across addresses', async () => {
    const limiter = createRateLimiter(createMemoryCounterStore())
    await limiter.consume([tools], { address: 'a', accountId: 'u1' })
    await limiter.consume([tools], { address: 'b', accountId: 'u1' })
    expect(await limiter.consume([tools], { address: 'c', accountId: 'u1' })).toMatchObject({ subject: 'account' })
    expect(await limiter.consume([tools], { address: 'c', accountId: 'u2' })).toBeUndefined()
  })
})
