// Accounts: the tables better-auth reads and writes (its default names and columns), its per-IP
// rate-limit counters, our per-email counters, and app_settings, which keeps the generated signing
// secret of the deployment.
import type { Kysely } from 'kysely'
import { isPostgres } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db)
  const date = pg ? 'timestamptz' : 'date'
  const boolean = pg ? 'boolean' : 'integer'

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('emailVerified', boolean, (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', date, (col) => col.notNull())
    .addColumn('updatedAt', date, (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expiresAt', date, (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('createdAt', date, (col) => col.notNull())
    .addColumn('updatedAt', date, (col) => col.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute()

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('accountId', 'text', (col) => col.notNull())
    .addColumn('providerId', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', date)
    .addColumn('refreshTokenExpiresAt', date)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', date, (col) => col.notNull())
    .addColumn('updatedAt', date, (col) => col.notNull())
    .execute()
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute()

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expiresAt', date, (col) => col.notNull())
    .addColumn('createdAt', date, (col) => col.notNull())
    .addColumn('updatedAt', date, (col) => col.notNull())
    .execute()
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute()

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('lastRequest', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('email_rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'email_rate_limits',
    'rateLimit',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
