// Retention of check results on both database backends: results older than MONITOR_RETENTION_DAYS
// are deleted, those older than MONITOR_DOWNSAMPLE_HOURS are kept one per monitor and hour (state
// changes kept as they are), and uptime reads the same before and after.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { createChecksRepository } from '../../src/server/modules/monitors/checks-repository.ts'
import { createMonitorsRepository } from '../../src/server/modules/monitors/monitors-repository.ts'
import { createCheckRetention } from '../../src/server/modules/monitors/retention.ts'
import type { CheckState } from '../../src/shared/monitors.ts'
import { appBackends } from '../support/db/backends.ts'
import { createFakeClock } from '../support/monitors/monitor-app.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0)
const silent = { error() {} } as never

describe.each(appBackends())('monitor check retention on $name', (backend) => {
  let database: DatabaseHandle
  const settings = loadConfig({ LOG_LEVEL: 'silent' }).monitors

  beforeAll(async () => {
    await backend.setUp()
    database = await createDatabase(await backend.freshDatabase())
    await migrateToLatest(database.db)
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await backend.tearDown()
  })

  it.skipIf(backend.skipReason !== undefined)(
    'prunes old results, keeps one per hour beyond 48 h with every state change, and keeps uptime',
    async () => {
      const verified = database.dialect === 'postgres' ? sql`false` : sql`0`
      const created = database.dialect === 'postgres' ? sql`now()` : sql`'2026-06-01'`
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values ('u1', '', 'keeper@example.test', ${verified}, ${created}, ${created})`.execute(database.db)
      const monitors = createMonitorsRepository(database.db)
      const checks = createChecksRepository(database.db)
      await monitors.insert({
        id: 'm1',
        userId: 'u1',
        name: 'Site',
        kind: 'website',
        target: 'https://example.test/',
        settings: {},
        intervalMinutes: 5,
        alertEmail: true,
        webhookUrl: null,
        webhookSecret: 's',
        confirmations: 2,
        paused: false,
        baseline: null,
        nextCheckAt: null,
        createdAt: NOW - 120 * DAY,
      })
      const add = (at: number, state: CheckState, transition = false) =>
        checks.insertCheck('m1', { at, state, value: 10, summary: state, runId: null, transition })
      // 100 days ago: beyond retention.
      await add(NOW - 100 * DAY, 'ok')
      await checks.insertEvent('m1', {
        at: NOW - 100 * DAY,
        from: 'unknown',
        to: 'ok',
        summary: 'old',
        shareId: null,
        alertEmail: false,
        webhook: 'none',
      })
      // Three days ago, one hour of five-minute checks with two state changes.
      const hour = Math.floor((NOW - 3 * DAY) / HOUR) * HOUR
      const states: Array<[CheckState, boolean]> = [
        ['ok', false],
        ['ok', false],
        ['problem', true],
        ['problem', false],
        ['unknown', false],
        ['ok', true],
        ['ok', false],
      ]
      for (const [i, [state, transition]] of states.entries()) await add(hour + i * 5 * 60_000, state, transition)
      // The last hour: recent, left as it is.
      for (let i = 0; i < 6; i++) await add(NOW - HOUR + i * 5 * 60_000, i === 3 ? 'problem' : 'ok')

      const uptimeBefore = await checks.uptime('m1', NOW)
      // 9 ok of 12 judged (the unknown counts neither way).
      expect(uptimeBefore.d7).toBe(75)
      const retention = createCheckRetention(
        checks,
        { ...settings, intervalMs: HOUR },
        { clock: createFakeClock(NOW), log: silent },
      )
      expect(await retention.runOnce()).toEqual({ pruned: 1, folded: 4 })
      expect(await retention.runOnce()).toEqual({ pruned: 0, folded: 0 })

      const kept = await checks.listChecks('m1', 0)
      expect(kept.map((c) => `${c.state}×${c.checks}`)).toEqual([
        'problem×1',
        'ok×1',
        'ok×5',
        ...Array.from({ length: 6 }, (_, i) => (i === 3 ? 'problem×1' : 'ok×1')),
      ])
      expect(await checks.uptime('m1', NOW)).toEqual(uptimeBefore)
      expect(await checks.listEvents('m1')).toEqual([])
      expect(uptimeBefore.h24).toBeCloseTo((5 / 6) * 100, 2)
    },
  )
})
