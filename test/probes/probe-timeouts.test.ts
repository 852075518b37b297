// Timeouts counted per probe and decaying, in memory and in a real Redis shared by site processes.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMemoryProbeTimeouts,
  createRedisProbeTimeouts,
  type ProbeTimeouts,
  TIMEOUT_HALF_LIFE_MS,
} from '../../src/server/modules/measurements/probe-timeouts.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'

if (!redisAvailable) console.warn('SKIPPED (Redis part): the probe timeouts test needs redis-server')

function checksDecay(make: (now: () => number) => ProbeTimeouts | Promise<ProbeTimeouts>) {
  it('counts timeouts per probe, halves them every half-life and forgets them at last', async () => {
    let clock = 1_000_000
    const timeouts = await make(() => clock)
    for (let i = 0; i < 4; i += 1) await timeouts.record('flaky')
    await timeouts.record('steady')
    expect(Object.fromEntries(await timeouts.counts())).toEqual({ flaky: 4, steady: 1 })
    clock += TIMEOUT_HALF_LIFE_MS + 1000
    const halved = await timeouts.counts()
    expect(halved.get('flaky')).toBeCloseTo(2, 1)
    expect(halved.get('steady')).toBeCloseTo(0.5, 1)
    await timeouts.record('flaky')
    clock += 1000
    expect((await timeouts.counts()).get('flaky')).toBeCloseTo(3, 1)
    clock += 10 * TIMEOUT_HALF_LIFE_MS
    expect((await timeouts.counts()).size).toBe(0)
  })
}

describe('in memory', () => {
  checksDecay((now) => createMemoryProbeTimeouts({ now }))
})

describe.skipIf(!redisAvailable)('in Redis', () => {
  let redis: RedisServer
  const clients: Redis[] = []
  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await redis?.stop()
  })
  const connect = async () => {
    const client = new Redis(redis.url)
    clients.push(client)
    await client.flushall()
    return client
  }

  checksDecay(async (now) => createRedisProbeTimeouts(await connect(), { now }))

  it('one process sees the timeouts another recorded', async () => {
    const client = await connect()
    const first = createRedisProbeTimeouts(client)
    const other = new Redis(redis.url)
    clients.push(other)
    const second = createRedisProbeTimeouts(other)
    await first.record('flaky')
    await first.record('flaky')
    expect((await second.counts()).get('flaky')).toBeCloseTo(2, 2)
  })
})
