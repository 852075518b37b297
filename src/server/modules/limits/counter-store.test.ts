import { describe, expect, it } from 'vitest'
import { createMemoryCounterStore } from './counter-store.ts'

describe('createMemoryCounterStore()', () => {
  it('adds amounts within a window and says how long the window still runs', async () => {
    let now = 1_000
    const store = createMemoryCounterStore({ now: () => now })
    expect(await store.add('a', 1, 60_000)).toEqual({ total: 1, resetInMs: 60_000 })
    now += 15_000
    expect(await store.add('a', 5, 60_000)).toEqual({ total: 6, resetInMs: 45_000 })
  })

  it('keeps keys apart', async () => {
    const store = createMemoryCounterStore()
    await store.add('a', 3, 60_000)
    expect((await store.add('b', 1, 60_000)).total).toBe(1)
  })

  it('starts again from zero once the window has ended', async () => {
    let now = 0
    const store = createMemoryCounterStore({ now: () => now })
    await store.add('a', 10, 60_000)
    now = 60_000
    expect(await store.add('a', 2, 60_000)).toEqual({ total: 2, resetInMs: 60_000 })
  })
})
