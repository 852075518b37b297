// Two-factor sign-in, narrower API tokens, and history entries that know their stored run:
// - user.twoFactorEnabled and the twoFactor table: better-auth's twoFactor plugin (its default names
//   and columns: the TOTP secret and the recovery codes, both encrypted with the auth secret, whether
//   the first code confirmed the set-up, and the per-account count of wrong codes with its lock);
// - api_tokens.scopes (space-separated) and api_tokens.expires_at. Tokens made before this migration
//   get every scope and no expiry, so they keep working exactly as before;
// - tool_results.run_id: the stored run (runs.id) a history entry came from, so the history shows
//   whether its result is shared and pinned. No foreign key: unshared runs are purged long before
//   the history entry, and the history then simply no longer finds the run.
import type { Kysely } from 'kysely'
import { isPostgres, timestampColumnType } from '../column-types.ts'

/** Every scope there was when this migration ran: what older tokens could already do. */
const ALL_SCOPES_AT_MIGRATION = 'results:read tools:run monitors:manage'

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db)
  const date = pg ? 'timestamptz' : 'date'
  const boolean = pg ? 'boolean' : 'integer'
  const no = pg ? false : 0
  const yes = pg ? true : 1

  await db.schema
    .alterTable('user')
    .addColumn('twoFactorEnabled', boolean, (col) => col.defaultTo(no))
    .execute()
  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backupCodes', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', boolean, (col) => col.defaultTo(yes))
    .addColumn('failedVerificationCount', 'integer', (col) => col.defaultTo(0))
    .addColumn('lockedUntil', date)
    .execute()
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute()
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute()

  await db.schema
    .alterTable('api_tokens')
    .addColumn('scopes', 'text', (col) => col.notNull().defaultTo(ALL_SCOPES_AT_MIGRATION))
    .execute()
  await db.schema.alterTable('api_tokens').addColumn('expires_at', timestampColumnType(db)).execute()

  await db.schema.alterTable('tool_results').addColumn('run_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tool_results').dropColumn('run_id').execute()
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute()
  await db.schema.alterTable('api_tokens').dropColumn('scopes').execute()
  await db.schema.dropTable('twoFactor').execute()
  await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute()
}
