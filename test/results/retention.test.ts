// The retention job on both databases: unshared runs go after RUN_RETENTION_HOURS, shares after
// SHARE_RETENTION_DAYS, pinned shares stay; an expired share answers 404 even before the job runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createRunsRepository, type StoredAnswer } from '../../src/server/modules/runs/repository.ts'
import { createResultsRetention } from '../../src/server/modules/runs/retention.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends } from '../support/db/backends.ts'

const DAY = 86_400_000
const answer: StoredAnswer = {
  tool: 'dns',
  input: 'retention.test',
  status: 'ok',
  result: { records: [] },
  lines: ['retention.test has no A records'],
  durationMs: 12,
}

describe.each(appBackends())('results retention on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with runs and shares of every age', () => {
    let t: TestApp
    let database: DatabaseHandle
    const settings = loadConfig({ SHARE_RETENTION_DAYS: '30', RUN_RETENTION_HOURS: '24' }).results
    const today = new Date('2026-03-01T12:00:00.000Z')

    /** Stores a run as of `daysAgo` days before today, shared then when `share` says so. */
    const runFrom = async (daysAgo: number, { share = false, pin = false } = {}) => {
      const then = () => new Date(today.getTime() - daysAgo * DAY)
      const runs = createRunsRepository(database.db, { now: then })
      const runId = await runs.insert({ userId: null, answer, server: 'probe.test' })
      if (!share) return { runId, shareId: null }
      const { shareId } = await runs.share(runId, null)
      if (pin) await runs.setPinned(shareId, true)
      return { runId, shareId }
    }
    const exists = async (runId: string) =>
      (await database.db.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst()) !== undefined

    beforeAll(async () => {
      await backend.setUp()
      ;({ t, database } = await backend.startApp({ SHARE_RETENTION_DAYS: '30' }))
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await backend.tearDown()
    })

    it('deletes expired runs and shares and keeps pinned and recent ones', async () => {
      const freshRun = await runFrom(0.5)
      const staleRun = await runFrom(2)
      const freshShare = await runFrom(29, { share: true })
      const expiredShare = await runFrom(31, { share: true })
      const pinnedShare = await runFrom(400, { share: true, pin: true })

      const retention = createResultsRetention(createRunsRepository(database.db), settings, { now: () => today })
      expect(await retention.purge()).toEqual({ runs: 1, shares: 1 })
      expect(await exists(freshRun.runId)).toBe(true)
      expect(await exists(staleRun.runId)).toBe(false)
      expect(await exists(freshShare.runId)).toBe(true)
      expect(await exists(expiredShare.runId)).toBe(false)
      expect(await exists(pinnedShare.runId)).toBe(true)
      expect(await retention.purge()).toEqual({ runs: 0, shares: 0 })
    })

    it('runs on its timer once started, and no more once stopped', async () => {
      const { runId } = await runFrom(3)
      const retention = createResultsRetention(
        createRunsRepository(database.db),
        { ...settings, purgeIntervalMs: 50 },
        { now: () => today },
      )
      retention.start()
      try {
        for (let i = 0; i < 100 && (await exists(runId)); i++) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(await exists(runId)).toBe(false)
      } finally {
        await retention.stop()
      }
      const { runId: later } = await runFrom(3)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await exists(later)).toBe(true)
    })

    it('answers 404 for a share past its retention before the job deletes it, and serves a pinned one', async () => {
      const now = Date.now()
      const runs = (daysAgo: number) => createRunsRepository(database.db, { now: () => new Date(now - daysAgo * DAY) })
      const oldId = await runs(31).insert({ userId: null, answer, server: 'probe.test' })
      const { shareId: expired } = await runs(31).share(oldId, null)
      const pinnedId = await runs(90).insert({ userId: null, answer, server: 'probe.test' })
      const { shareId: pinned } = await runs(90).share(pinnedId, null)
      await runs(90).setPinned(pinned, true)

      expect((await t.app.inject(`/api/results/${expired}`)).statusCode).toBe(404)
      const kept = await t.app.inject(`/api/results/${pinned}`)
      expect(kept.statusCode).toBe(200)
      expect(kept.json()).toMatchObject({ pinned: true, input: 'retention.test', server: 'probe.test' })
    })
  })
})
