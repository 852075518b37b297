// Check results and state changes of monitors: stored, listed, counted for uptime, pruned and
// downsampled.
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { CheckState, MonitorState } from '../../../shared/monitors.ts'
import type { DatabaseSchema } from '../../db/schema.ts'
import { flag, millis, monitorsDb } from './tables.ts'

export interface StoredCheck {
  at: number
  state: CheckState
  value: number | null
  summary: string
  runId: string | null
  checks: number
}

export interface StoredEvent {
  id: string
  at: number
  from: MonitorState
  to: MonitorState
  summary: string
  shareId: string | null
  alertEmail: boolean
  webhook: 'none' | 'pending' | 'delivered' | 'failed'
}

export interface UptimeWindows {
  h24: number | null
  d7: number | null
  d30: number | null
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

export const newId = () => randomBytes(12).toString('base64url')

export type ChecksRepository = ReturnType<typeof createChecksRepository>

export function createChecksRepository(base: Kysely<DatabaseSchema>) {
  const db = monitorsDb(base)

  /** ok share (0-100) of the ok and problem checks since `since`; null without any. */
  const uptimeSince = async (monitorId: string, since: number): Promise<number | null> => {
    const row = await db
      .selectFrom('monitor_checks')
      .select((eb) => [
        eb.fn.sum<number | string>('ok_checks').as('ok'),
        eb.fn.sum<number | string>('problem_checks').as('bad'),
      ])
      .where('monitor_id', '=', monitorId)
      .where('at', '>=', since)
      .executeTakeFirst()
    const ok = Number(row?.ok ?? 0)
    const judged = ok + Number(row?.bad ?? 0)
    return judged === 0 ? null : Math.round((ok / judged) * 100_000) / 1000
  }

  return {
    uptimeSince,

    async insertCheck(monitorId: string, check: Omit<StoredCheck, 'checks'> & { transition: boolean }): Promise<void> {
      await db
        .insertInto('monitor_checks')
        .values({
          id: newId(),
          monitor_id: monitorId,
          at: check.at,
          state: check.state,
          value: check.value,
          summary: check.summary,
          run_id: check.runId,
          transition: check.transition ? 1 : 0,
          checks: 1,
          ok_checks: check.state === 'ok' ? 1 : 0,
          problem_checks: check.state === 'problem' ? 1 : 0,
        })
        .execute()
    },

    /** Checks since `since`, oldest first; a run id only while its run is still stored. */
    async listChecks(monitorId: string, since: number, limit = 5000): Promise<StoredCheck[]> {
      const rows = await db
        .selectFrom('monitor_checks')
        .leftJoin('runs', 'runs.id', 'monitor_checks.run_id')
        .select([
          'monitor_checks.at',
          'monitor_checks.state',
          'monitor_checks.value',
          'monitor_checks.summary',
          'monitor_checks.checks',
          'runs.id as run_id',
        ])
        .where('monitor_checks.monitor_id', '=', monitorId)
        .where('monitor_checks.at', '>=', since)
        .orderBy('monitor_checks.at')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        at: millis(row.at),
        state: row.state as CheckState,
        value: row.value === null ? null : Number(row.value),
        summary: row.summary,
        runId: row.run_id ?? null,
        checks: row.checks,
      }))
    },

    async countChecks(monitorId: string): Promise<number> {
      const row = await db
        .selectFrom('monitor_checks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('monitor_id', '=', monitorId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async insertEvent(monitorId: string, event: Omit<StoredEvent, 'id'>): Promise<string> {
      const id = newId()
      await db
        .insertInto('monitor_events')
        .values({
          id,
          monitor_id: monitorId,
          at: event.at,
          from_state: event.from,
          to_state: event.to,
          summary: event.summary,
          share_id: event.shareId,
          alert_email: event.alertEmail ? 1 : 0,
          webhook: event.webhook,
        })
        .execute()
      return id
    },

    async setEventAlert(id: string, alert: { alertEmail?: boolean; webhook?: StoredEvent['webhook'] }): Promise<void> {
      await db
        .updateTable('monitor_events')
        .set({
          ...(alert.alertEmail !== undefined ? { alert_email: alert.alertEmail ? 1 : 0 } : {}),
          ...(alert.webhook !== undefined ? { webhook: alert.webhook } : {}),
        })
        .where('id', '=', id)
        .execute()
    },

    /** State changes, newest first. */
    async listEvents(monitorId: string, limit = 200): Promise<StoredEvent[]> {
      const rows = await db
        .selectFrom('monitor_events')
        .selectAll()
        .where('monitor_id', '=', monitorId)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        id: row.id,
        at: millis(row.at),
        from: row.from_state as MonitorState,
        to: row.to_state as MonitorState,
        summary: row.summary,
        shareId: row.share_id,
        alertEmail: flag(row.alert_email),
        webhook: row.webhook as StoredEvent['webhook'],
      }))
    },

    async uptime(monitorId: string, now: number): Promise<UptimeWindows> {
      const [h24, d7, d30] = await Promise.all([
        uptimeSince(monitorId, now - DAY),
        uptimeSince(monitorId, now - 7 * DAY),
        uptimeSince(monitorId, now - 30 * DAY),
      ])
      return { h24, d7, d30 }
    },

    /** Deletes checks and state changes older than `before`; returns how many checks. */
    async prune(before: number): Promise<number> {
      const checks = await db.deleteFrom('monitor_checks').where('at', '<', before).executeTakeFirst()
      await db.deleteFrom('monitor_events').where('at', '<', before).execute()
      return Number(checks.numDeletedRows)
    },

    /**
     * Keeps one check per monitor and hour before `before`: the hour's last check stands for the
     * others (their counts added to it); checks that changed the state are kept as they are.
     * Returns how many rows were folded away.
     */
    async downsample(before: number, batch = 500): Promise<number> {
      const hourOf = sql<number | string>`at / ${sql.lit(HOUR)}`
      const groups = await db
        .selectFrom('monitor_checks')
        .select(['monitor_id', hourOf.as('hour')])
        .where('at', '<', before)
        .where('transition', '=', 0)
        .groupBy(['monitor_id', hourOf])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .limit(batch)
        .execute()
      let folded = 0
      for (const group of groups) {
        const start = Number(group.hour) * HOUR
        const rows = await db
          .selectFrom('monitor_checks')
          .select(['id', 'checks', 'ok_checks', 'problem_checks'])
          .where('monitor_id', '=', group.monitor_id)
          .where('transition', '=', 0)
          .where('at', '>=', start)
          .where('at', '<', Math.min(start + HOUR, before))
          .orderBy('at')
          .execute()
        const keep = rows.at(-1)
        if (!keep || rows.length < 2) continue
        const sum = (field: 'checks' | 'ok_checks' | 'problem_checks') => rows.reduce((n, r) => n + Number(r[field]), 0)
        await db.transaction().execute(async (tx) => {
          await tx
            .updateTable('monitor_checks')
            .set({ checks: sum('checks'), ok_checks: sum('ok_checks'), problem_checks: sum('problem_checks') })
            .where('id', '=', keep.id)
            .execute()
          const others = rows.slice(0, -1).map((r) => r.id)
          await tx.deleteFrom('monitor_checks').where('id', 'in', others).execute()
        })
        folded += rows.length - 1
      }
      return folded
    },
  }
}
