// Opens the configured database: better-sqlite3 (WAL) or a PostgreSQL pool, behind one Kysely instance.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { Config } from '../config.ts'
import type { DatabaseSchema } from './schema.ts'

export interface DatabaseHandle {
  db: Kysely<DatabaseSchema>
  dialect: Config['database']['dialect']
  /** Closes the connection(s); safe to call more than once. */
  close(): Promise<void>
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>
}

export interface DatabaseOptions {
  /** Told about errors of idle PostgreSQL connections (the pool drops them and reconnects). */
  onPoolError?: (error: Error) => void
}

const busyTimeoutMs = 5000

export async function createDatabase(
  database: Config['database'],
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const db = database.dialect === 'sqlite' ? openSqlite(database.file) : await openPostgres(database.url, options)
  let closing: Promise<void> | undefined
  return {
    db,
    dialect: database.dialect,
    close: () => {
      closing ??= db.destroy()
      return closing
    },
    ping: async () => {
      try {
        await sql`select 1`.execute(db)
        return true
      } catch {
        return false
      }
    },
  }
}

function openSqlite(file: string): Kysely<DatabaseSchema> {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SqliteDatabase(file, { timeout: busyTimeoutMs })
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`)
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) })
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Kysely<DatabaseSchema>> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 })
  pool.on('error', (error) => options.onPoolError?.(error))
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
  try {
    await sql`select 1`.execute(db)
  } catch (error) {
    await db.destroy()
    throw new Error(`Cannot connect to PostgreSQL at ${describeUrl(url)}`, { cause: error })
  }
  return db
}

/** host:port/database of a connection URL, without credentials. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname}`
  } catch {
    return 'the configured DATABASE_URL'
  }
}
