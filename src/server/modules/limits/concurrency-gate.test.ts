import { describe, expect, it } from 'vitest'
import type { QueuePlace } from '../../../shared/tool-stream.ts'
import { type ConcurrencyCaps, createConcurrencyGate, type GateDecision } from './concurrency-gate.ts'
import { createMemorySlotStore } from './slot-store.ts'

const caps = (overrides: Partial<ConcurrencyCaps>): ConcurrencyCaps => ({
  overall: 10,
  perTool: 10,
  perClient: 10,
  queuePerTool: 0,
  maxWaitMs: 60_000,
  ...overrides,
})

function admitted(decision: GateDecision): () => void {
  if (!decision.admitted) throw new Error(`refused: ${decision.reason}`)
  return decision.release
}

const settled = async <T>(promise: Promise<T>) =>
  Promise.race([
    promise.then((value) => ({ value })),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
  ])

describe('createConcurrencyGate() without a line', () => {
  it('refuses a client over its cap while other clients still get in', async () => {
    const gate = createConcurrencyGate(caps({ perClient: 2 }))
    await gate.enter('dns', 'a')
    await gate.enter('ssl', 'a')
    expect(await gate.enter('dns', 'a')).toEqual({ admitted: false, reason: 'client' })
    expect((await gate.enter('dns', 'b')).admitted).toBe(true)
  })

  it('refuses a full tool at once and everything over the overall cap, and admits again once a run ends', async () => {
    const gate = createConcurrencyGate(caps({ overall: 2, perTool: 1 }))
    const first = admitted(await gate.enter('traceroute', 'a'))
    expect(await gate.enter('traceroute', 'b')).toEqual({ admitted: false, reason: 'tool' })
    await gate.enter('dns', 'b')
    expect(await gate.enter('whois', 'c')).toEqual({ admitted: false, reason: 'overall' })
    first()
    first()
    expect(gate.inUse()).toEqual({ overall: 1, dns: 1 })
    expect((await gate.enter('whois', 'c')).admitted).toBe(true)
  })
})

describe('createConcurrencyGate() with a fair line', () => {
  it('gives the next free slot to a newcomer rather than to the clients filling the tool', async () => {
    const gate = createConcurrencyGate(caps({ perTool: 4, perClient: 4, queuePerTool: 10 }))
    const releases: Array<() => void> = []
    for (const client of ['a', 'b'])
      for (let i = 0; i < 2; i++) releases.push(admitted(await gate.enter('mail', client)))
    const greedy = gate.enter('mail', 'a')
    const places: QueuePlace[] = []
    const newcomer = gate.enter('mail', 'e', { onQueued: (place) => places.push(place) })
    expect(await settled(newcomer)).toBe('pending')
    // Served before the greedy client's extra run, and told so.
    expect(places.at(-1)).toEqual({ position: 1, estimatedWaitMs: 5000 })
    releases[0]?.()
    expect(((await newcomer) as GateDecision).admitted).toBe(true)
    expect(await settled(greedy)).toBe('pending')
    releases[1]?.()
    expect((await greedy).admitted).toBe(true)
  })

  it('queues a client that holds its fair share while others wait, even with a slot free', async () => {
    const gate = createConcurrencyGate(caps({ perTool: 2, perClient: 4, queuePerTool: 10 }))
    const a1 = admitted(await gate.enter('dns', 'a'))
    admitted(await gate.enter('dns', 'a'))
    const b = gate.enter('dns', 'b')
    const a3 = gate.enter('dns', 'a')
    a1()
    expect((await b).admitted).toBe(true)
    expect(await settled(a3)).toBe('pending')
  })

  it('answers queue-full when the line is full, and gives up after the longest wait', async () => {
    const gate = createConcurrencyGate(caps({ perTool: 1, queuePerTool: 1, maxWaitMs: 50 }))
    admitted(await gate.enter('ssl', 'a'))
    const waiting = gate.enter('ssl', 'b')
    expect(await gate.enter('ssl', 'c')).toEqual({ admitted: false, reason: 'queue-full' })
    expect(await waiting).toEqual({ admitted: false, reason: 'wait-too-long' })
  })

  it('drops a run from the line when its client goes away', async () => {
    const gate = createConcurrencyGate(caps({ perTool: 1, queuePerTool: 5 }))
    const first = admitted(await gate.enter('ssl', 'a'))
    const controller = new AbortController()
    const gone = gate.enter('ssl', 'b', { signal: controller.signal })
    const places: QueuePlace[] = []
    const stays = gate.enter('ssl', 'c', { onQueued: (place) => places.push(place) })
    expect(await settled(stays)).toBe('pending')
    expect(places.at(-1)?.position).toBe(2)
    controller.abort()
    expect((await gone).admitted).toBe(false)
    expect(places.at(-1)?.position).toBe(1)
    first()
    expect((await stays).admitted).toBe(true)
  })
})

describe('createConcurrencyGate() on a shared store', () => {
  it('admits from its own line when the store frees a slot another process held', async () => {
    const store = createMemorySlotStore({ overall: 10, perTool: 1, perClient: 10 })
    const listeners: Array<() => void> = []
    const shared = { ...store, onReleased: (listener: () => void) => listeners.push(listener) }
    const elsewhere = store.grant('ssl', 'x')
    if (!elsewhere.ok) throw new Error('the first slot should be free')
    const gate = createConcurrencyGate(caps({ perTool: 1, queuePerTool: 5 }), { store: shared, retryMs: 60_000 })
    const waiting = gate.enter('ssl', 'a')
    expect(await settled(waiting)).toBe('pending')
    elsewhere.release()
    for (const listener of listeners) listener()
    expect((await waiting).admitted).toBe(true)
    gate.close()
  })

  it('retries the store on its own while runs wait, for slots whose release it was never told of', async () => {
    const store = createMemorySlotStore({ overall: 10, perTool: 1, perClient: 10 })
    const elsewhere = store.grant('ssl', 'x')
    if (!elsewhere.ok) throw new Error('the first slot should be free')
    const gate = createConcurrencyGate(caps({ perTool: 1, queuePerTool: 5 }), { store, retryMs: 20 })
    const waiting = gate.enter('ssl', 'a')
    expect(await settled(waiting)).toBe('pending')
    elsewhere.release()
    expect((await waiting).admitted).toBe(true)
    gate.close()
  })
})
