// The two measurement stores keep the same promises: the first outcome of a row wins, one caller
// finishes a measurement, and a follower gets every row as it stands, then each change, then the end,
// and can resume after an event it has seen.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MeasurementStore, StoredEvent } from '../../src/server/modules/measurements/measurement-store.ts'
import { createMemoryMeasurementStore } from '../../src/server/modules/measurements/memory-store.ts'
import { createRedisMeasurementStore } from '../../src/server/modules/measurements/redis-store.ts'
import type { MeasurementRow } from '../../src/shared/measurements.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'

const probe = (id: string) => ({
  id,
  name: id,
  country: 'DE',
  city: '',
  continent: 'EU',
  region: '',
  asn: null,
  network: '',
  latitude: null,
  longitude: null,
  local: false,
})

const rows: MeasurementRow[] = [
  { probe: probe('one'), status: 'in-progress' },
  { probe: probe('two'), status: 'in-progress' },
]

let next = 0
const newMeasurement = () => {
  next += 1
  return newMeasurementNumbered(next)
}
const newMeasurementNumbered = (n: number) => ({
  id: `m${Date.now()}${n}`,
  tool: 'dns' as const,
  input: 'example.test',
  options: {},
  locations: ['DE'],
  createdAt: '2026-03-01T10:00:00.000Z',
  rows,
  userId: null,
})

const answer = { tool: 'dns', input: 'example.test', status: 'ok' as const, result: {}, lines: ['ok'], durationMs: 3 }

async function collect(events: AsyncIterable<StoredEvent>, count: number): Promise<StoredEvent[]> {
  const seen: StoredEvent[] = []
  for await (const event of events) {
    seen.push(event)
    if (seen.length === count) break
  }
  return seen
}

interface Backend {
  name: string
  skip: boolean
  open(): Promise<MeasurementStore>
  close(): Promise<void>
}

let redis: RedisServer | undefined
let client: Redis | undefined
const backends: Backend[] = [
  {
    name: 'memory',
    skip: false,
    open: async () => createMemoryMeasurementStore({ ttlMs: 60_000 }),
    close: async () => {},
  },
  {
    name: 'Redis',
    skip: !redisAvailable,
    async open() {
      redis ??= await startRedis()
      client ??= new Redis(redis.url)
      return createRedisMeasurementStore(client, { ttlMs: 60_000 })
    },
    async close() {
      client?.disconnect()
      await redis?.stop()
    },
  },
]

describe.each(backends)('the $name measurement store', (backend) => {
  let store: MeasurementStore
  beforeAll(async () => {
    if (!backend.skip) store = await backend.open()
  })
  afterAll(async () => {
    if (backend.skip) return
    await store.close()
    await backend.close()
  })

  it.skipIf(backend.skip)('keeps the first outcome of a row and counts the rows left', async () => {
    const m = newMeasurement()
    await store.create(m)
    expect(await store.settleRow(m.id, 0, { status: 'finished', result: answer })).toEqual({
      settled: true,
      remaining: 1,
    })
    expect(await store.settleRow(m.id, 0, { status: 'probe-lost', error: 'gone' })).toEqual({
      settled: false,
      remaining: 1,
    })
    expect((await store.row(m.id, 0))?.status).toBe('finished')
    expect(await store.settleRow(m.id, 1, { status: 'probe-lost', error: 'gone' })).toEqual({
      settled: true,
      remaining: 0,
    })
    expect(await store.settleRow('unknown', 0, { status: 'failed', error: 'x' })).toEqual({
      settled: false,
      remaining: -1,
    })
  })

  it.skipIf(backend.skip)('lets one caller finish a measurement, once', async () => {
    const m = newMeasurement()
    await store.create(m)
    expect(await store.claimFinish(m.id, 10_000)).toBe(true)
    expect(await store.claimFinish(m.id, 10_000)).toBe(false)
    await store.finish(m.id, 'run-1')
    const state = await store.get(m.id)
    expect(state).toMatchObject({ status: 'finished', runId: 'run-1', userId: null })
    expect(await store.claimFinish(m.id, 10_000)).toBe(false)
  })

  it.skipIf(backend.skip)('a follower gets the rows as they stand, each change, the end; and can resume', async () => {
    const m = newMeasurement()
    await store.create(m)
    await store.settleRow(m.id, 0, { status: 'finished', result: answer })
    const following = collect(store.follow(m.id, undefined, new AbortController().signal), 4)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await store.settleRow(m.id, 1, { status: 'failed', error: 'busy' })
    await store.finish(m.id, undefined)
    const events = await following
    expect(
      events.map(({ event }) => (event.type === 'row' ? `row ${event.index} ${event.row.status}` : event.type)),
    ).toEqual(['row 0 finished', 'row 1 in-progress', 'row 1 failed', 'finished'])
    const resumed = await collect(store.follow(m.id, events[2]?.id, new AbortController().signal), 1)
    expect(resumed.map(({ event }) => event.type)).toEqual(['finished'])
  })

  it.skipIf(backend.skip)(
    "keeps a running row's lines from its own probe, in order, until the row settles",
    async () => {
      const m = newMeasurement()
      await store.create(m)
      const line = (seq: number, text: string, probeId = 'one') => ({ probeId, seq, text, maxLines: 3 })
      expect(await store.appendLine(m.id, 0, line(0, 'PING example.test'))).toBe(true)
      expect(await store.appendLine(m.id, 0, line(0, 'the same line again'))).toBe(false)
      expect(await store.appendLine(m.id, 0, line(2, 'reply 2'))).toBe(true)
      expect(await store.appendLine(m.id, 0, line(1, 'reply 1, late'))).toBe(false)
      expect(await store.appendLine(m.id, 0, line(3, 'from another probe', 'two'))).toBe(false)
      expect(await store.appendLine(m.id, 9, line(3, 'no such row'))).toBe(false)
      expect(await store.appendLine('unknown', 0, line(3, 'no such measurement'))).toBe(false)
      // A follower that comes now gets the lines so far within the row, then each new one.
      const following = collect(store.follow(m.id, undefined, new AbortController().signal), 5)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await store.appendLine(m.id, 0, line(3, 'reply 3'))).toBe(true)
      expect(await store.appendLine(m.id, 0, line(4, 'past the cap'))).toBe(false)
      expect((await store.get(m.id))?.results[0]?.lines).toEqual(['PING example.test', 'reply 2', 'reply 3'])
      await store.settleRow(m.id, 0, { status: 'finished', result: answer })
      expect(await store.appendLine(m.id, 1, line(0, 'row 1 runs', 'two'))).toBe(true)
      expect(await store.appendLine(m.id, 0, { ...line(5, 'after the outcome'), maxLines: 10 })).toBe(false)
      const events = (await following).map(({ event }) =>
        event.type === 'row'
          ? `row ${event.index} ${event.row.status} ${(event.row.lines ?? []).join('|')}`
          : event.type === 'line'
            ? `line ${event.index} ${event.line}`
            : event.type,
      )
      expect(events).toEqual([
        'row 0 in-progress PING example.test|reply 2',
        'row 1 in-progress ',
        'line 0 reply 3',
        'row 0 finished ',
        'line 1 row 1 runs',
      ])
      const settled = await store.get(m.id)
      expect(settled?.results[0]?.lines).toBeUndefined()
      expect(settled?.results[1]?.lines).toEqual(['row 1 runs'])
    },
  )

  it.skipIf(backend.skip)('a follower stops when its signal aborts', async () => {
    const m = newMeasurement()
    await store.create(m)
    const controller = new AbortController()
    const following = collect(store.follow(m.id, undefined, controller.signal), 10)
    setTimeout(() => controller.abort(), 200)
    const events = await following.catch(() => [] as StoredEvent[])
    expect(events.length).toBeLessThanOrEqual(2)
  })
})
