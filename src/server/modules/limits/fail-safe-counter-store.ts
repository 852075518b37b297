// The shared counters (Redis) with a per-process copy beside them, so that a limit never switches
// off. Every add() is counted in this process as well; while the shared store fails (Redis down,
// erroring or too slow), the process's own counts decide alone, and when it answers again it decides
// once more. The decision always takes the larger of the two totals: the process's own count is a
// lower bound of the true one, so a client that spent its budget here during an outage is not let
// in again by a Redis that came back empty. With several processes, each enforces the limits on
// its own share while Redis is down (at most the limit per process).
import { type CounterStore, createMemoryCounterStore, type WindowCount } from './counter-store.ts'

export interface FailSafeCounterStoreOptions {
  /** The shared store failed and the process's counts decide (told once per outage). */
  onFallback?: (error: unknown) => void
  /** The shared store answers again (told once, after an outage). */
  onRecovered?: () => void
  /** The per-process counts (an in-memory store by default). */
  local?: CounterStore
}

export function createFailSafeCounterStore(
  shared: CounterStore,
  { onFallback, onRecovered, local = createMemoryCounterStore() }: FailSafeCounterStoreOptions = {},
): CounterStore {
  let failing = false
  return {
    async add(key, amount, windowMs) {
      const own = await local.add(key, amount, windowMs)
      let common: WindowCount
      try {
        common = await shared.add(key, amount, windowMs)
      } catch (error) {
        if (!failing) onFallback?.(error)
        failing = true
        return own
      }
      if (failing) onRecovered?.()
      failing = false
      return common.total >= own.total ? common : own
    },
    ping: shared.ping?.bind(shared),
    async close() {
      await Promise.allSettled([shared.close(), local.close()])
    },
  }
}
