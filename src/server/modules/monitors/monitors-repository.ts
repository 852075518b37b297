// The monitors table and the operator's kill switch. Hides how each dialect stores flags, JSON and
// epoch-millisecond bigints (strings on PostgreSQL).
import type { Kysely, Selectable, Updateable } from 'kysely'
import type { MonitorKind } from '../../../shared/monitors.ts'
import type { DatabaseSchema } from '../../db/schema.ts'
import type { ConfirmedState, StateTrack } from './confirm-state.ts'
import { flag, type MonitorsTable, millis, monitorsDb } from './tables.ts'

export interface MonitorRecord {
  id: string
  userId: string
  name: string
  kind: MonitorKind
  target: string
  settings: Record<string, unknown>
  intervalMinutes: number
  alertEmail: boolean
  webhookUrl: string | null
  webhookSecret: string
  confirmations: number
  paused: boolean
  track: StateTrack
  baseline: string[] | null
  summary: string | null
  lastCheckAt: number | null
  nextCheckAt: number | null
  createdAt: number
}

/** The fields an owner may change (PATCH); the state fields change only through checks. */
export type MonitorChanges = Partial<
  Pick<
    MonitorRecord,
    | 'name'
    | 'target'
    | 'settings'
    | 'intervalMinutes'
    | 'alertEmail'
    | 'webhookUrl'
    | 'webhookSecret'
    | 'confirmations'
    | 'paused'
    | 'baseline'
    | 'nextCheckAt'
  >
> & { resetState?: boolean }

export interface CheckOutcomeUpdate {
  track: StateTrack
  summary: string
  at: number
  /** DNS: a newly recorded baseline. */
  baseline?: string[]
}

const toRecord = (row: Selectable<MonitorsTable>): MonitorRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  kind: row.kind as MonitorKind,
  target: row.target,
  settings: JSON.parse(row.settings) as Record<string, unknown>,
  intervalMinutes: row.interval_minutes,
  alertEmail: flag(row.alert_email),
  webhookUrl: row.webhook_url,
  webhookSecret: row.webhook_secret,
  confirmations: row.confirmations,
  paused: flag(row.paused),
  track: {
    state: row.state as ConfirmedState,
    pendingState: row.pending_state as ConfirmedState | null,
    pendingCount: row.pending_count,
  },
  baseline: row.baseline === null ? null : (JSON.parse(row.baseline) as string[]),
  summary: row.summary,
  lastCheckAt: row.last_check_at === null ? null : millis(row.last_check_at),
  nextCheckAt: row.next_check_at === null ? null : millis(row.next_check_at),
  createdAt: millis(row.created_at),
})

export type MonitorsRepository = ReturnType<typeof createMonitorsRepository>

export function createMonitorsRepository(base: Kysely<DatabaseSchema>) {
  const db = monitorsDb(base)

  return {
    async insert(record: Omit<MonitorRecord, 'track' | 'summary' | 'lastCheckAt'>): Promise<void> {
      await db
        .insertInto('monitors')
        .values({
          id: record.id,
          user_id: record.userId,
          name: record.name,
          kind: record.kind,
          target: record.target,
          settings: JSON.stringify(record.settings),
          interval_minutes: record.intervalMinutes,
          alert_email: record.alertEmail ? 1 : 0,
          webhook_url: record.webhookUrl,
          webhook_secret: record.webhookSecret,
          confirmations: record.confirmations,
          paused: record.paused ? 1 : 0,
          state: 'unknown',
          pending_count: 0,
          baseline: record.baseline === null ? null : JSON.stringify(record.baseline),
          next_check_at: record.nextCheckAt,
          created_at: record.createdAt,
          updated_at: record.createdAt,
        })
        .execute()
    },

    async findById(id: string): Promise<MonitorRecord | null> {
      const row = await db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toRecord(row) : null
    },

    async listByUser(userId: string): Promise<MonitorRecord[]> {
      const rows = await db
        .selectFrom('monitors')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toRecord)
    },

    async countByUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom('monitors')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Every monitor that is not paused (BullMQ's schedulers are re-synced from these at start). */
    async listActive(): Promise<MonitorRecord[]> {
      const rows = await db.selectFrom('monitors').selectAll().where('paused', '=', 0).execute()
      return rows.map(toRecord)
    },

    async update(id: string, changes: MonitorChanges, now: number): Promise<void> {
      const set: Updateable<MonitorsTable> = { updated_at: now }
      if (changes.name !== undefined) set.name = changes.name
      if (changes.target !== undefined) set.target = changes.target
      if (changes.settings !== undefined) set.settings = JSON.stringify(changes.settings)
      if (changes.intervalMinutes !== undefined) set.interval_minutes = changes.intervalMinutes
      if (changes.alertEmail !== undefined) set.alert_email = changes.alertEmail ? 1 : 0
      if (changes.webhookUrl !== undefined) set.webhook_url = changes.webhookUrl
      if (changes.webhookSecret !== undefined) set.webhook_secret = changes.webhookSecret
      if (changes.confirmations !== undefined) set.confirmations = changes.confirmations
      if (changes.paused !== undefined) set.paused = changes.paused ? 1 : 0
      if (changes.baseline !== undefined)
        set.baseline = changes.baseline === null ? null : JSON.stringify(changes.baseline)
      if (changes.nextCheckAt !== undefined) set.next_check_at = changes.nextCheckAt
      if (changes.resetState) Object.assign(set, { state: 'unknown', pending_state: null, pending_count: 0 })
      await db.updateTable('monitors').set(set).where('id', '=', id).execute()
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('monitors').where('id', '=', id).execute()
    },

    /** Monitors due at `now` (not paused, owner not switched off), earliest first. */
    async listDue(now: number, limit: number): Promise<Array<{ id: string; due: number }>> {
      const rows = await db
        .selectFrom('monitors')
        .select(['id', 'next_check_at'])
        .where('paused', '=', 0)
        .where('next_check_at', 'is not', null)
        .where('next_check_at', '<=', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('monitor_blocked_users')
                .select('user_id')
                .whereRef('monitor_blocked_users.user_id', '=', 'monitors.user_id'),
            ),
          ),
        )
        .orderBy('next_check_at')
        .limit(limit)
        .execute()
      return rows.map((row) => ({ id: row.id, due: millis(row.next_check_at ?? 0) }))
    },

    /**
     * Moves a due monitor's next check from `due` to `next` in one UPDATE; true for the one process
     * whose update changed the row, so two processes on one database never both run it.
     */
    async claimDue(id: string, due: number, next: number): Promise<boolean> {
      const result = await db
        .updateTable('monitors')
        .set({ next_check_at: next })
        .where('id', '=', id)
        .where('next_check_at', '=', due)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** Marks a schedule slot as run; false when it (or a later one) already ran. */
    async claimSlot(id: string, slot: number): Promise<boolean> {
      const result = await db
        .updateTable('monitors')
        .set({ last_slot: slot })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]))
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async saveOutcome(id: string, outcome: CheckOutcomeUpdate): Promise<void> {
      await db
        .updateTable('monitors')
        .set({
          state: outcome.track.state,
          pending_state: outcome.track.pendingState,
          pending_count: outcome.track.pendingCount,
          summary: outcome.summary,
          last_check_at: outcome.at,
          ...(outcome.baseline ? { baseline: JSON.stringify(outcome.baseline) } : {}),
        })
        .where('id', '=', id)
        .execute()
    },

    async ownerEmail(userId: string): Promise<string | null> {
      const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst()
      return row?.email ?? null
    },

    async userIdByEmail(email: string): Promise<string | null> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst()
      return row?.id ?? null
    },

    /** The operator's kill switch: no check of the account's monitors starts while it is set. */
    async setBlocked(userId: string, blocked: boolean, now: number): Promise<void> {
      if (!blocked) {
        await db.deleteFrom('monitor_blocked_users').where('user_id', '=', userId).execute()
        return
      }
      await db
        .insertInto('monitor_blocked_users')
        .values({ user_id: userId, blocked_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute()
    },

    async isBlocked(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('monitor_blocked_users')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row !== undefined
    },

    async listBlocked(): Promise<Array<{ email: string; blockedAt: number }>> {
      const rows = await db
        .selectFrom('monitor_blocked_users')
        .innerJoin('user', 'user.id', 'monitor_blocked_users.user_id')
        .select(['user.email', 'monitor_blocked_users.blocked_at'])
        .orderBy('user.email')
        .execute()
      return rows.map((row) => ({ email: row.email, blockedAt: millis(row.blocked_at) }))
    },
  }
}
