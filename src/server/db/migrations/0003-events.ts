// First-party analytics events. user_id is the account id of a signed-in sender, never an email.
import type { Kysely } from 'kysely'
import { jsonColumnType, timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('properties', jsonColumnType(db), (col) => col.notNull())
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .execute()
  await db.schema.createIndex('events_name_created_at_idx').on('events').columns(['name', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('events').execute()
}
