// Scheduling with Redis (BullMQ job schedulers) across real site processes sharing one database:
// two processes never run a slot twice (each process logs the slots it starts) and keep the
// checks going; when every process is stopped and a new one starts, the schedule goes on (it lives
// in Redis), and even with Redis emptied it is rebuilt from the database at start. One interval minute lasts a second here (MONITOR_MINUTE_SECONDS=1).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../src/server/db/database.ts'
import { MONITOR_QUEUE } from '../../src/server/modules/monitors/redis-scheduler.ts'
import { signUpOverHttp } from '../support/app/http-session.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { eventually } from '../support/monitors/monitor-app.ts'
import {
  type CountingSite,
  createWatchedMonitor,
  expectEachSlotOnce,
  expectEveryHitRecorded,
  sleep,
  startCountingSite,
} from '../support/monitors/scheduling-check.ts'

if (!redisAvailable) console.warn('SKIPPED: Redis scheduling tests need redis-server (Debian package redis-server)')

const INTERVAL_MS = 1000

describe.skipIf(!redisAvailable)('monitor checks scheduled through Redis', () => {
  let redis: RedisServer
  let site: CountingSite
  let dataDir: string
  let monitorId: string
  const processes: ServerProcess[] = []
  /** Every process this file started, stopped ones included: their logs say which slots they ran. */
  const started: ServerProcess[] = []
  const logs = () => started.map((p) => p.output())

  const start = async (name: string) => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      TARGET_ALLOW: '127.0.0.0/8',
      MONITOR_MINUTE_SECONDS: '1',
      MONITOR_MIN_INTERVAL_MINUTES: '1',
      SERVER_NAME: name,
      LOG_LEVEL: 'info',
    })
    processes.push(server)
    started.push(server)
    return server
  }
  const schedulers = async () => {
    const queue = new Queue(MONITOR_QUEUE, { connection: { url: redis.url }, prefix: 'nettoolbox' })
    try {
      return (await queue.getJobSchedulers(0, -1)).map((s) => s.key)
    } finally {
      await queue.close()
    }
  }

  beforeAll(async () => {
    redis = await startRedis()
    site = await startCountingSite()
    dataDir = await mkdtemp(path.join(tmpdir(), 'monitors-redis-'))
  })
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGTERM')))
    await site?.close()
    await redis?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('runs each check exactly once per interval with two site processes', async () => {
    const a = await start('site-a')
    await start('site-b')
    const owner = await signUpOverHttp(a.url, dataDir, 'ops@example.test', 'correct horse battery staple')
    monitorId = await createWatchedMonitor(owner, site.url)
    expect(await schedulers()).toEqual([`monitor:${monitorId}`])
    const from = Date.now() + 1500
    await sleep(8500)
    expectEachSlotOnce(logs(), site.hits, INTERVAL_MS, monitorId, from, Date.now())
    await expectEveryHitRecorded(site, async () => {
      const { body } = await owner.json<{ items: unknown[] }>('GET', `/api/monitors/${monitorId}/checks`)
      return body.items.length
    })
    const db = await createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'nettoolbox.db') })
    try {
      // One stored run per check, whichever process made it.
      const runs = () => db.db.selectFrom('runs').select(['server']).execute()
      await expectEveryHitRecorded(site, async () => (await runs()).length)
      expect((await runs()).every((r) => r.server === 'site-a' || r.server === 'site-b')).toBe(true)
    } finally {
      await db.close()
    }
  }, 60_000)

  it('keeps the schedule in Redis when every site process stops and a new one starts', async () => {
    await Promise.all(processes.splice(0).map((p) => p.kill('SIGTERM')))
    const stoppedAt = Date.now()
    await sleep(1500)
    expect(await schedulers()).toEqual([`monitor:${monitorId}`])
    await start('site-c')
    const from = Date.now() + 1000
    await sleep(5000)
    expectEachSlotOnce(logs(), site.hits, INTERVAL_MS, monitorId, from, Date.now())
    expect(site.hits.filter((at) => at > stoppedAt + 1500).length).toBeGreaterThanOrEqual(4)
  }, 60_000)

  it('rebuilds the schedule from the database at start when Redis has lost it', async () => {
    await Promise.all(processes.splice(0).map((p) => p.kill('SIGTERM')))
    const queue = new Queue(MONITOR_QUEUE, { connection: { url: redis.url }, prefix: 'nettoolbox' })
    await queue.obliterate({ force: true })
    await queue.close()
    expect(await schedulers()).toEqual([])
    await start('site-d')
    const restartedAt = Date.now()
    // The process re-syncs the schedulers from the database just after it starts.
    const rebuilt = await eventually(async () => {
      const keys = await schedulers()
      return keys.length > 0 ? keys : undefined
    }, 'the rebuilt scheduler')
    expect(rebuilt).toEqual([`monitor:${monitorId}`])
    await sleep(5000)
    const after = site.hits.filter((at) => at > restartedAt)
    expect(after.length).toBeGreaterThanOrEqual(3)
    expectEachSlotOnce(logs(), site.hits, INTERVAL_MS, monitorId, restartedAt + 1000, Date.now())
  }, 60_000)
})
