// Monitors (src/server/modules/monitors): each account's scheduled checks, their results, their state
// changes, and the accounts whose monitoring the operator has switched off. Times are epoch
// milliseconds (bigint), so that both dialects compare and bucket them the same way.
import type { Kysely } from 'kysely'
import { isPostgres } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const float = isPostgres(db) ? 'double precision' : 'real'
  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('interval_minutes', 'integer', (col) => col.notNull())
    .addColumn('alert_email', 'integer', (col) => col.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text', (col) => col.notNull())
    .addColumn('confirmations', 'integer', (col) => col.notNull())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('pending_state', 'text')
    .addColumn('pending_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('baseline', 'text')
    .addColumn('summary', 'text')
    .addColumn('last_check_at', 'bigint')
    .addColumn('next_check_at', 'bigint')
    .addColumn('last_slot', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('monitors_user_id_idx').on('monitors').column('user_id').execute()
  await db.schema.createIndex('monitors_next_check_at_idx').on('monitors').column('next_check_at').execute()

  await db.schema
    .createTable('monitor_checks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('value', float)
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('run_id', 'text')
    .addColumn('transition', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('checks', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('ok_checks', 'integer', (col) => col.notNull())
    .addColumn('problem_checks', 'integer', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('monitor_checks_monitor_at_idx')
    .on('monitor_checks')
    .columns(['monitor_id', 'at'])
    .execute()
  await db.schema.createIndex('monitor_checks_at_idx').on('monitor_checks').column('at').execute()

  await db.schema
    .createTable('monitor_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('from_state', 'text', (col) => col.notNull())
    .addColumn('to_state', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('share_id', 'text')
    .addColumn('alert_email', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('webhook', 'text', (col) => col.notNull().defaultTo('none'))
    .execute()
  await db.schema
    .createIndex('monitor_events_monitor_at_idx')
    .on('monitor_events')
    .columns(['monitor_id', 'at'])
    .execute()

  await db.schema
    .createTable('monitor_blocked_users')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('blocked_at', 'bigint', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitor_blocked_users').execute()
  await db.schema.dropTable('monitor_events').execute()
  await db.schema.dropTable('monitor_checks').execute()
  await db.schema.dropTable('monitors').execute()
}
