// Spam votes on phone numbers: one row per user and number (E.164); a new vote replaces the old.
import { type Kysely, sql } from 'kysely'
import { timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_reports')
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verdict', 'text', (col) => col.notNull().check(sql`verdict in ('spam', 'not_spam')`))
    .addColumn('category', 'text')
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampColumnType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('phone_reports_pkey', ['number', 'user_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_reports').execute()
}
