// Probe tokens issued with `npm run probe-token -- create <name>`: only the sha256 of each secret is
// kept; a revoked token keeps its row (revoked_at) so that the list shows it.
import type { Kysely } from 'kysely'
import { timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('probe_tokens')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .addColumn('revoked_at', timestampColumnType(db))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('probe_tokens').execute()
}
