// Personal API tokens: only the sha256 of each secret is kept; a revoked token's row is deleted.
import type { Kysely } from 'kysely'
import { timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('hint', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .addColumn('last_used_at', timestampColumnType(db))
    .execute()
  await db.schema.createIndex('api_tokens_user_id_idx').on('api_tokens').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute()
}
