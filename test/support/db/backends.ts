// The two database backends for integration tests: the app on a throwaway SQLite file, or on a
// fresh database of a throwaway PostgreSQL server. Also opens a second handle for assertions.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../../../src/server/config.ts'
import { createDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts'
import { createTestApp, type TestApp } from '../app/app.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from './postgres.ts'

export interface AppBackend {
  name: 'SQLite' | 'PostgreSQL'
  skipReason?: string
  setUp(): Promise<void>
  tearDown(): Promise<void>
  /** Configuration of a new, empty database (not migrated), for tests below the app. */
  freshDatabase(): Promise<Config['database']>
  /** The real app on a fresh, migrated database, and a second connection to that database. */
  startApp(env?: Record<string, string>): Promise<{ t: TestApp; database: DatabaseHandle }>
}

function sqliteBackend(): AppBackend {
  let dir = ''
  let files = 0
  return {
    name: 'SQLite',
    setUp: async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-sqlite-'))
    },
    tearDown: async () => {
      if (dir) await rm(dir, { recursive: true, force: true })
    },
    freshDatabase: async () => ({ dialect: 'sqlite', file: path.join(dir, `db-${++files}`, 'test.db') }),
    async startApp(env = {}) {
      const t = await createTestApp(env)
      const database = await createDatabase({ dialect: 'sqlite', file: path.join(t.dataDir, 'nettoolbox.db') })
      return { t, database }
    },
  }
}

function postgresBackend(): AppBackend {
  let server: PostgresServer | null = null
  return {
    name: 'PostgreSQL',
    skipReason: postgresUnavailableReason(),
    setUp: async () => {
      server = await startPostgres()
    },
    tearDown: async () => server?.stop(),
    freshDatabase: async () => {
      if (!server) throw new Error('PostgreSQL server is not running')
      return { dialect: 'postgres', url: await server.createDatabase() }
    },
    async startApp(env = {}) {
      if (!server) throw new Error('PostgreSQL server is not running')
      const url = await server.createDatabase()
      const t = await createTestApp({ DATABASE_URL: url, ...env })
      const database = await createDatabase({ dialect: 'postgres', url })
      return { t, database }
    },
  }
}

export function appBackends(): AppBackend[] {
  const backends = [sqliteBackend(), postgresBackend()]
  for (const b of backends) if (b.skipReason) console.warn(`${b.name} tests skipped: ${b.skipReason}`)
  return backends
}

/**
 * Starts the backend and the app on it before the suite's tests and stops both after them; `started`
 * receives the app and the database handle (and may do more set-up of its own).
 */
export function useBackendApp(
  backend: AppBackend,
  started: (app: { t: TestApp; database: DatabaseHandle }) => void | Promise<void>,
): void {
  let app: { t: TestApp; database: DatabaseHandle } | undefined
  beforeAll(async () => {
    await backend.setUp()
    app = await backend.startApp()
    await started(app)
  })
  afterAll(async () => {
    await app?.database.close()
    await app?.t.close()
    await backend.tearDown()
  })
}
