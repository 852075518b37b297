// Rate limits shared through Redis: two app instances, each with its own Redis connection, count one
// client together; the counters expire with their window; without Redis, the site keeps serving.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import { startApp } from '../../src/server/context.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'

if (!redisAvailable) console.warn('SKIPPED: Redis rate-limit tests need redis-server (Debian package redis-server)')

describe.skipIf(!redisAvailable)('rate limits in Redis (REDIS_URL)', () => {
  let redis: RedisServer
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    redis = await startRedis()
    const env = {
      REDIS_URL: redis.url,
      RATE_LIMIT_TOOLS_PER_MINUTE: '3',
      METRICS_TOKEN: 'redis-metrics-token-0123456789',
    }
    first = await createTestApp(env)
    second = await createTestApp(env)
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await redis?.stop()
  })

  const run = (t: TestApp, remoteAddress: string) => checkTool(t, 'whatismyip', '', { remoteAddress })

  it('counts a client across both instances and refuses it on both once the budget is spent', async () => {
    expect((await run(first, '127.0.7.1')).statusCode).toBe(200)
    expect((await run(second, '127.0.7.1')).statusCode).toBe(200)
    expect((await run(first, '127.0.7.1')).statusCode).toBe(200)
    const refused = await run(second, '127.0.7.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    expect((await run(first, '127.0.7.1')).statusCode).toBe(429)
    expect((await run(second, '127.0.7.2')).statusCode).toBe(200)
  })

  it('keeps each counter in Redis only for its one-minute window', async () => {
    const client = new Redis(redis.url)
    try {
      expect(await client.get('nettoolbox:limit:tools:ip:127.0.7.1')).toBe('5')
      const ttl = await client.pttl('nettoolbox:limit:tools:ip:127.0.7.1')
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(60_000)
    } finally {
      client.disconnect()
    }
  })

  const redisUp = async (t: TestApp) => {
    const text = (
      await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer redis-metrics-token-0123456789' } })
    ).body
    return text.split('\n').find((line) => line.startsWith('nettoolbox_dependency_up{dependency="redis"}'))
  }

  it('keeps serving while Redis is down, and says so in /metrics', async () => {
    expect(await redisUp(first)).toBe('nettoolbox_dependency_up{dependency="redis"} 1')
    await redis.stop()
    expect(await redisUp(first)).toBe('nettoolbox_dependency_up{dependency="redis"} 0')
    // Counted in the process meanwhile (test/limits/redis-outage.test.ts): a new address still has its budget.
    expect((await run(first, '127.0.7.3')).statusCode).toBe(200)
    expect((await first.app.inject('/healthz')).statusCode).toBe(200)
  })
})

describe.skipIf(!redisAvailable)('a REDIS_URL nothing answers on', () => {
  it('stops the start with an error naming the address', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-redis-'))
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:9' })
      await expect(startApp(config)).rejects.toThrow('Cannot connect to Redis at 127.0.0.1:9')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
