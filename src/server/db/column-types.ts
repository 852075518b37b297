// Column types that differ between the two supported dialects, for portable migrations.
import { type Kysely, PostgresAdapter } from 'kysely'

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** jsonb on PostgreSQL; text holding JSON on SQLite. */
export function jsonColumnType<DB>(db: Kysely<DB>): 'jsonb' | 'text' {
  return isPostgres(db) ? 'jsonb' : 'text'
}

/** timestamptz on PostgreSQL; ISO-8601 UTC text (which sorts chronologically) on SQLite. */
export function timestampColumnType<DB>(db: Kysely<DB>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text'
}
