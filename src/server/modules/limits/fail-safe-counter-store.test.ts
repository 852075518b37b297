import { describe, expect, it } from 'vitest'
import { type CounterStore, createMemoryCounterStore } from './counter-store.ts'
import { createFailSafeCounterStore } from './fail-safe-counter-store.ts'

/** A shared store that can be switched off and on, and loses its counts when it comes back (a restarted Redis). */
function switchableStore() {
  let inner = createMemoryCounterStore()
  let down = false
  const store: CounterStore = {
    add: (key, amount, windowMs) =>
      down ? Promise.reject(new Error('connection refused')) : inner.add(key, amount, windowMs),
    close: async () => {},
  }
  return {
    store,
    stop() {
      down = true
    },
    restart() {
      inner = createMemoryCounterStore()
      down = false
    },
    add: (key: string) => inner.add(key, 0, 60_000),
  }
}

describe('createFailSafeCounterStore()', () => {
  it('counts on in the process while the shared store fails, from the count it had already', async () => {
    const shared = switchableStore()
    const store = createFailSafeCounterStore(shared.store)
    await store.add('k', 1, 60_000)
    await store.add('k', 1, 60_000)
    shared.stop()
    expect((await store.add('k', 1, 60_000)).total).toBe(3)
    expect((await store.add('k', 1, 60_000)).total).toBe(4)
  })

  it('goes back to the shared store when it answers, never below the count made here', async () => {
    const shared = switchableStore()
    const store = createFailSafeCounterStore(shared.store)
    shared.stop()
    for (let i = 0; i < 3; i++) await store.add('k', 1, 60_000)
    shared.restart()
    expect((await store.add('k', 1, 60_000)).total).toBe(4)
    expect((await shared.add('k')).total).toBe(1)
    // Counts made by other processes in the shared store win when they are higher.
    await shared.store.add('k', 10, 60_000)
    expect((await store.add('k', 1, 60_000)).total).toBe(12)
  })

  it('reports the outage once and the recovery once', async () => {
    const shared = switchableStore()
    const events: string[] = []
    const store = createFailSafeCounterStore(shared.store, {
      onFallback: (error) => events.push(`fallback: ${(error as Error).message}`),
      onRecovered: () => events.push('recovered'),
    })
    await store.add('k', 1, 60_000)
    shared.stop()
    await store.add('k', 1, 60_000)
    await store.add('k', 1, 60_000)
    shared.restart()
    await store.add('k', 1, 60_000)
    await store.add('k', 1, 60_000)
    expect(events).toEqual(['fallback: connection refused', 'recovered'])
  })
})
