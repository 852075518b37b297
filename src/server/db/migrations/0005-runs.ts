// Recent tool runs kept server-side, so that a share always holds the server's own answer, and the
// share state of each: its public id, who may delete it, when it was shared, whether it is pinned.
import type { Kysely } from 'kysely'
import { jsonColumnType, timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('user.id').onDelete('cascade'))
    .addColumn('tool', 'text', (col) => col.notNull())
    .addColumn('input', 'text', (col) => col.notNull())
    .addColumn('answer', jsonColumnType(db), (col) => col.notNull())
    .addColumn('server', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .addColumn('share_id', 'text', (col) => col.unique())
    .addColumn('delete_token_hash', 'text')
    .addColumn('shared_at', timestampColumnType(db))
    .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('runs_created_at_idx').on('runs').column('created_at').execute()
  await db.schema.createIndex('runs_shared_at_idx').on('runs').column('shared_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('runs').execute()
}
