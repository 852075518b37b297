// Redis going away and coming back: the site keeps running, answers 503 with a clear message for
// measurements meanwhile, and measures again once Redis is back on its address.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type PlainSite, startPlainSite } from '../support/probes/plain-site.ts'

if (!redisAvailable) console.warn('SKIPPED: the Redis restart test needs redis-server (Debian package redis-server)')

describe.skipIf(!redisAvailable)('measurements while Redis restarts', () => {
  let redis: RedisServer
  let site: ServerProcess
  let target: PlainSite
  let dataDir: string

  beforeAll(async () => {
    redis = await startRedis()
    target = await startPlainSite()
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-redis-restart-'))
    site = await startServerProcess({ DATA_DIR: dataDir, REDIS_URL: redis.url, TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await site?.kill('SIGTERM')
    await redis?.stop()
    await target?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const measure = () => submitMeasurement(site.url, { tool: 'website-check', input: target.url, locations: ['local'] })

  it('answers 503 while Redis is away, does not crash, and measures again once it is back', async () => {
    const before = await measure()
    expect(before.status).toBe(202)
    expect((await waitForMeasurement(site.url, before.body.id)).results[0]?.status).toBe('finished')

    const port = new URL(redis.url).port
    await redis.stop()
    const during = await measure()
    expect(during.status).toBe(503)
    expect(during.body.error?.message).toContain('cannot reach its measurement store')
    expect(during.headers.get('retry-after')).toBe('5')
    expect((await fetch(`${site.url}/api/measurements/${before.body.id}`)).status).toBe(503)
    expect((await fetch(`${site.url}/api/probes`)).status).toBe(503)
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200)

    redis = await startRedis({ port: Number(port) })
    const deadline = Date.now() + 20_000
    let after = await measure()
    while (after.status !== 202 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      after = await measure()
    }
    expect(after.status).toBe(202)
    const done = await waitForMeasurement(site.url, after.body.id)
    expect(done.results[0]).toMatchObject({ status: 'finished', result: { status: 'ok' } })
    expect(site.child.exitCode).toBeNull()
  }, 60_000)
})
