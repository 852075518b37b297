// Caps on runs in progress, overall, per tool and per client, with fair admission. The count lives in
// a SlotStore: this process's memory, or Redis so that all processes share it. Admission is fair:
// a client over its own cap is refused at once (its own limit), but a full tool does not answer
// "busy". The run waits in a short line instead, and a freed slot goes to the waiting client with
// the fewest runs of that tool in progress (the earliest of them on a tie). So clients that fill a
// tool's slots cannot keep a newcomer out for longer than one of their runs takes. While others
// wait, a client already holding its share of the tool's slots (slots / clients that want them)
// joins the line too. Only when the line itself is full, or a run has waited longer than the
// longest wait allowed, is the answer 503. The line itself is this process's: a slot freed by
// another process reaches it through the store's release notice, or the next retry.

import type { QueuePlace } from '../../../shared/tool-stream.ts'
import { createMemorySlotStore, type FullCap, type SlotStore } from './slot-store.ts'

export interface ConcurrencyCaps {
  overall: number
  perTool: number
  perClient: number
  /** Runs that may wait for one tool; 0 refuses at once when the tool is full. */
  queuePerTool: number
  /** The longest a run waits in line. */
  maxWaitMs: number
}

export type GateRefusal = FullCap | 'queue-full' | 'wait-too-long'

export type GateDecision = { admitted: true; release: () => void } | { admitted: false; reason: GateRefusal }

export interface EnterOptions {
  signal?: AbortSignal
  /** Called when the run has to wait, and again each time its place in line changes. */
  onQueued?: (place: QueuePlace) => void
}

export interface ConcurrencyGate {
  enter(tool: string, client: string, options?: EnterOptions): Promise<GateDecision>
  /** Runs in progress in this process: overall and per tool (for metrics). */
  inUse(): Record<string, number>
  close(): void
}

export interface GateOptions {
  now?: () => number
  /** Where slots are counted; this process's memory by default. */
  store?: SlotStore
  /** While runs wait, how often the line retries the store (slots freed elsewhere, lapsed leases). */
  retryMs?: number
}

interface Waiting {
  client: string
  since: number
  done: boolean
  settle: (decision: GateDecision) => void
  onQueued?: (place: QueuePlace) => void
  lastPosition?: number
}

const DEFAULT_RUN_MS = 5000

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by
  if (next <= 0) counts.delete(key)
  else counts.set(key, next)
}

export function createConcurrencyGate(caps: ConcurrencyCaps, options: GateOptions = {}): ConcurrencyGate {
  const { now = () => Date.now(), store = createMemorySlotStore(caps), retryMs = 500 } = options
  let running = 0
  const byTool = new Map<string, number>()
  const byToolClient = new Map<string, number>()
  const lines = new Map<string, Waiting[]>()
  const meanRunMs = new Map<string, number>()
  /** When each client last had a run of each tool admitted: the line serves the longest-unserved first. */
  const lastServed = new Map<string, number>()

  const pair = (tool: string, client: string) => `${tool}\u0000${client}`
  const line = (tool: string) => lines.get(tool) ?? []

  /** Slots of a tool one client may hold while others want them. */
  function fairShare(tool: string): number {
    const clients = new Set(line(tool).map((w) => w.client))
    for (const key of byToolClient.keys()) if (key.startsWith(`${tool}\u0000`)) clients.add(key.slice(tool.length + 1))
    return Math.max(1, Math.floor(caps.perTool / Math.max(1, clients.size)))
  }

  function admit(tool: string, client: string, releaseSlot: () => void): GateDecision {
    const started = now()
    lastServed.set(pair(tool, client), started)
    running++
    bump(byTool, tool, 1)
    bump(byToolClient, pair(tool, client), 1)
    let released = false
    return {
      admitted: true,
      release: () => {
        if (released) return
        released = true
        releaseSlot()
        running--
        bump(byTool, tool, -1)
        bump(byToolClient, pair(tool, client), -1)
        const took = now() - started
        meanRunMs.set(tool, 0.8 * (meanRunMs.get(tool) ?? took) + 0.2 * took)
        dispatch()
      },
    }
  }

  /**
   * The order the line is served in: fewest runs of the tool in progress for the client, then the
   * client served longest ago (never served first), then the earliest to arrive.
   */
  function served(tool: string): Waiting[] {
    const load = (w: Waiting) => byToolClient.get(pair(tool, w.client)) ?? 0
    const last = (w: Waiting) => lastServed.get(pair(tool, w.client)) ?? Number.NEGATIVE_INFINITY
    return [...line(tool)].sort((a, b) => load(a) - load(b) || last(a) - last(b) || a.since - b.since)
  }

  function remove(tool: string, waiting: Waiting) {
    const rest = line(tool).filter((w) => w !== waiting)
    if (rest.length > 0) lines.set(tool, rest)
    else lines.delete(tool)
  }

  /** Tells each waiting run its place, in the order the line will be served. */
  function notify(tool: string) {
    const waiting = served(tool)
    const slots = Math.max(1, caps.perTool)
    const mean = meanRunMs.get(tool) ?? DEFAULT_RUN_MS
    waiting.forEach((w, index) => {
      const position = index + 1
      if (w.lastPosition === position) return
      w.lastPosition = position
      w.onQueued?.({ position, estimatedWaitMs: Math.round(Math.ceil(position / slots) * mean) })
    })
  }

  /** Starts waiting runs while the store grants slots, in the line's order; skips clients at their cap. */
  async function serveLine(tool: string) {
    for (;;) {
      let started = false
      let blocked = false
      for (const waiting of served(tool)) {
        const grant = await store.acquire(tool, waiting.client)
        if (grant.ok) {
          if (waiting.done) {
            grant.release()
            continue
          }
          waiting.done = true
          remove(tool, waiting)
          waiting.settle(admit(tool, waiting.client, grant.release))
          started = true
          break
        }
        if (grant.full !== 'client') {
          blocked = true
          break
        }
      }
      if (!started || blocked) break
    }
    notify(tool)
  }

  // One pass over the lines at a time; a request for another pass during one runs it after.
  let dispatching = false
  let again = false
  function dispatch() {
    if (dispatching) {
      again = true
      return
    }
    dispatching = true
    void (async () => {
      try {
        do {
          again = false
          for (const tool of [...lines.keys()]) await serveLine(tool)
        } while (again)
      } finally {
        dispatching = false
      }
    })()
  }
  store.onReleased(dispatch)
  const retry = setInterval(() => {
    if (lines.size > 0) dispatch()
  }, retryMs)
  retry.unref()

  return {
    async enter(tool, client, options = {}) {
      if (await store.clientFull(client)) return { admitted: false, reason: 'client' }
      const others = line(tool).some((w) => w.client !== client)
      const mine = byToolClient.get(pair(tool, client)) ?? 0
      let full: FullCap = 'tool'
      if (!(others && mine >= fairShare(tool))) {
        const grant = await store.acquire(tool, client)
        if (grant.ok) return admit(tool, client, grant.release)
        if (grant.full === 'client') return { admitted: false, reason: 'client' }
        full = grant.full
      }
      if (line(tool).length >= caps.queuePerTool) {
        return { admitted: false, reason: caps.queuePerTool === 0 ? full : 'queue-full' }
      }
      return new Promise<GateDecision>((resolve) => {
        const waiting: Waiting = { client, since: now(), done: false, settle: resolve, onQueued: options.onQueued }
        const giveUp = (reason: GateRefusal) => {
          if (waiting.done) return
          waiting.done = true
          clearTimeout(timer)
          remove(tool, waiting)
          notify(tool)
          resolve({ admitted: false, reason })
        }
        const timer = setTimeout(() => giveUp('wait-too-long'), caps.maxWaitMs)
        timer.unref()
        waiting.settle = (decision) => {
          clearTimeout(timer)
          options.signal?.removeEventListener('abort', onAbort)
          resolve(decision)
        }
        const onAbort = () => giveUp('wait-too-long')
        options.signal?.addEventListener('abort', onAbort, { once: true })
        lines.set(tool, [...line(tool), waiting])
        notify(tool)
        // A slot may be free (the run waits only for its fair share): let the line decide.
        dispatch()
      })
    },
    inUse() {
      return { overall: running, ...Object.fromEntries(byTool) }
    },
    close() {
      clearInterval(retry)
    },
  }
}
