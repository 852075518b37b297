// Limits while Redis is down: a real Redis is stopped under two running apps and started again on the
// same port. Meanwhile each app counts in its own process, from the counts it had already, so no more
// than the limit gets through (rate budgets, concurrency caps, speed-test byte budgets); when Redis is
// back, both apps count there together again. A Redis that answers with errors (out of memory) is
// handled the same way.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'

if (!redisAvailable) console.warn('SKIPPED: Redis outage tests need redis-server (Debian package redis-server)')

const LIMIT = 5
const METRICS_TOKEN = 'redis-outage-metrics-token-0123456789'

describe.skipIf(!redisAvailable)('limits while Redis is down, and after it is back', () => {
  let redis: RedisServer
  let port: number
  let first: TestApp
  let second: TestApp
  let peer: HoldingServer
  beforeAll(async () => {
    redis = await startRedis()
    port = Number(new URL(redis.url).port)
    peer = await startHoldingServer()
    const env = {
      REDIS_URL: redis.url,
      TARGET_ALLOW: '127.0.0.0/8',
      RATE_LIMIT_TOOLS_PER_MINUTE: String(LIMIT),
      MAX_CONCURRENT_PER_CLIENT: '2',
      QUEUE_PER_TOOL: '0',
      SPEED_BYTES_PER_MINUTE: '1000',
      METRICS_TOKEN,
    }
    first = await createTestApp(env)
    second = await createTestApp(env)
  })
  afterAll(async () => {
    peer?.release()
    await first?.close()
    await second?.close()
    await peer?.close()
    await redis?.stop()
  })

  const run = (t: TestApp, remoteAddress: string) => checkTool(t, 'whatismyip', '', { remoteAddress })
  /** How many of `count` runs from one address are accepted (200); every other answer must be a 429. */
  const accepted = async (t: TestApp, remoteAddress: string, count: number) => {
    let ok = 0
    for (let i = 0; i < count; i++) {
      const res = await run(t, remoteAddress)
      if (res.statusCode === 200) ok++
      else expect(res.json().error.message).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    }
    return ok
  }
  const redisUp = async (t: TestApp) => {
    const { body } = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    return body.includes('nettoolbox_dependency_up{dependency="redis"} 1')
  }
  const download = (t: TestApp, bytes: number, remoteAddress: string) =>
    t.app.inject({ url: `/api/speed/down?bytes=${bytes}`, remoteAddress })

  it('holds the concurrency caps while Redis is down, runs started before the outage included', async () => {
    const target = `http://127.0.0.1:${peer.port}/`
    const held = [1, 2].map(() => checkTool(first, 'website-check', target, { remoteAddress: '127.0.8.9' }))
    await peer.connections(2)
    // Two runs counted in the rate budget before the outage (next test).
    expect(await accepted(first, '127.0.8.1', 2)).toBe(2)
    await redis.stop()
    expect(await redisUp(first)).toBe(false)
    const third = await checkTool(first, 'whatismyip', '', { remoteAddress: '127.0.8.9' })
    expect(third.statusCode).toBe(429)
    expect(third.json().error.message).toBe('Too many tool runs in progress from your address. Try again in 5 s.')
    peer.release()
    await Promise.all(held)
    expect((await checkTool(first, 'whatismyip', '', { remoteAddress: '127.0.8.9' })).statusCode).toBe(200)
  })

  it('holds every rate budget to its limit while Redis is down, from the counts made before', async () => {
    // 2 before the outage + 3 during it: the limit, not a fresh budget.
    expect(await accepted(first, '127.0.8.1', 20)).toBe(LIMIT - 2)
    // A new address gets exactly its limit, never more.
    expect(await accepted(first, '127.0.8.2', 20)).toBe(LIMIT)
    // The speed test's byte budget too.
    expect((await download(first, 600, '127.0.8.2')).statusCode).toBe(200)
    const overBytes = await download(first, 600, '127.0.8.2')
    expect(overBytes.statusCode).toBe(429)
    expect(overBytes.json().error.message).toMatch(/^Too much speed-test traffic from your address\./)
    expect((await first.app.inject('/healthz')).statusCode).toBe(200)
  })

  it('counts in Redis again, shared by both apps, once Redis is back', async () => {
    redis = await startRedis({ port })
    for (let i = 0; !(await redisUp(first)) || !(await redisUp(second)); i++) {
      if (i > 200) throw new Error('the apps did not reconnect to Redis')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // The address that spent its budget during the outage stays refused, though Redis came back empty.
    expect(await accepted(first, '127.0.8.2', 3)).toBe(0)
    // A new address: both apps draw on one count in Redis.
    expect(await accepted(first, '127.0.8.3', 3)).toBe(3)
    expect(await accepted(second, '127.0.8.3', 5)).toBe(LIMIT - 3)
    const client = new Redis(redis.url)
    try {
      // Every request is counted, refused ones included: 3 + 5.
      expect(await client.get('nettoolbox:limit:tools:ip:127.0.8.3')).toBe('8')
    } finally {
      client.disconnect()
    }
  })

  it('counts in the process while Redis answers with errors, and in Redis once they stop', async () => {
    const admin = new Redis(redis.url)
    try {
      await admin.config('SET', 'maxmemory-policy', 'noeviction')
      await admin.config('SET', 'maxmemory', '1')
      expect(await accepted(first, '127.0.8.4', 20)).toBe(LIMIT)
      expect(await admin.exists('nettoolbox:limit:tools:ip:127.0.8.4')).toBe(0)
      await admin.config('SET', 'maxmemory', '0')
      expect(await accepted(second, '127.0.8.5', 1)).toBe(1)
      expect(await admin.get('nettoolbox:limit:tools:ip:127.0.8.5')).toBe('1')
    } finally {
      admin.disconnect()
    }
  })
})
