// Fixed-window counters: add an amount to a key's counter for the current window and learn the
// new total and when the window ends. In memory by default; Redis (redis-counter-store.ts) when
// several processes must share the counts.

export interface WindowCount {
  /** Total added to the key in the current window, this amount included. */
  total: number
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number
}

export interface CounterStore {
  add(key: string, amount: number, windowMs: number): Promise<WindowCount>
  /** Whether a shared store answers (Redis); absent for the in-memory store. */
  ping?(): Promise<boolean>
  close(): Promise<void>
}

interface Window {
  total: number
  endsAt: number
}

/** Expired windows are swept at most this often, on a later add(). */
const SWEEP_INTERVAL_MS = 10_000

export function createMemoryCounterStore({ now = () => Date.now() } = {}): CounterStore {
  const windows = new Map<string, Window>()
  let nextSweepAt = 0
  const sweep = (at: number) => {
    if (at < nextSweepAt) return
    nextSweepAt = at + SWEEP_INTERVAL_MS
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key)
  }
  return {
    async add(key, amount, windowMs) {
      const at = now()
      sweep(at)
      let window = windows.get(key)
      if (!window || window.endsAt <= at) {
        window = { total: 0, endsAt: at + windowMs }
        windows.set(key, window)
      }
      window.total += amount
      return { total: window.total, resetInMs: window.endsAt - at }
    },
    async close() {
      windows.clear()
    },
  }
}
