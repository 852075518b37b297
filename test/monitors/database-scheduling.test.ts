// Scheduling without Redis: two real site processes on one PostgreSQL database poll for due
// monitors and claim each with one atomic UPDATE, so no slot runs twice (each process logs the
// slots it starts); a restart keeps the schedule (next_check_at is in the database). One interval minute lasts two
// seconds here (MONITOR_MINUTE_SECONDS=2), and the processes look for due checks every half second.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpOverHttp } from '../support/app/http-session.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'
import {
  type CountingSite,
  createWatchedMonitor,
  expectEachSlotOnce,
  expectEveryHitRecorded,
  sleep,
  startCountingSite,
} from '../support/monitors/scheduling-check.ts'

const skipReason = postgresUnavailableReason()
if (skipReason) console.warn(`SKIPPED: database scheduling tests: ${skipReason}`)

const INTERVAL_MS = 2000

describe.skipIf(skipReason !== undefined)('monitor checks scheduled by one PostgreSQL database', () => {
  let postgres: PostgresServer | null
  let site: CountingSite
  let dataDir: string
  let databaseUrl: string
  let monitorId: string
  const processes: ServerProcess[] = []
  /** Every process this file started, stopped ones included: their logs say which slots they ran. */
  const started: ServerProcess[] = []
  const logs = () => started.map((p) => p.output())

  const start = async () => {
    const server = await startServerProcess({
      // Each process its own data folder: only the database is shared (the outbox is read from the first).
      DATA_DIR: processes.length === 0 ? dataDir : `${dataDir}-${processes.length}`,
      DATABASE_URL: databaseUrl,
      TARGET_ALLOW: '127.0.0.0/8',
      MONITOR_MINUTE_SECONDS: '2',
      MONITOR_MIN_INTERVAL_MINUTES: '1',
      LOG_LEVEL: 'info',
    })
    processes.push(server)
    started.push(server)
    return server
  }

  beforeAll(async () => {
    postgres = await startPostgres()
    if (!postgres) throw new Error('PostgreSQL did not start')
    databaseUrl = await postgres.createDatabase()
    site = await startCountingSite()
    dataDir = await mkdtemp(path.join(tmpdir(), 'monitors-pg-'))
  }, 60_000)
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGTERM')))
    await site?.close()
    await postgres?.stop()
    for (const dir of [dataDir, `${dataDir}-1`, `${dataDir}-2`])
      if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('runs each check exactly once per interval with two site processes', async () => {
    const a = await start()
    await start()
    const owner = await signUpOverHttp(a.url, dataDir, 'db-ops@example.test', 'correct horse battery staple')
    monitorId = await createWatchedMonitor(owner, site.url)
    const from = Date.now() + 2000
    await sleep(11_000)
    expectEachSlotOnce(logs(), site.hits, INTERVAL_MS, monitorId, from, Date.now())
    const checks = async () =>
      (await owner.json<{ items: Array<{ state: string }> }>('GET', `/api/monitors/${monitorId}/checks`)).body.items
    await expectEveryHitRecorded(site, async () => (await checks()).length)
    expect((await checks()).every((c) => c.state === 'ok')).toBe(true)
  }, 60_000)

  it('goes on after every process restarts: the next slot is in the database', async () => {
    await Promise.all(processes.splice(0).map((p) => p.kill('SIGTERM')))
    await sleep(1000)
    await start()
    const restartedAt = Date.now()
    await sleep(7000)
    const after = site.hits.filter((at) => at > restartedAt)
    expect(after.length).toBeGreaterThanOrEqual(3)
    expectEachSlotOnce(logs(), site.hits, INTERVAL_MS, monitorId, restartedAt, Date.now())
  }, 60_000)
})
