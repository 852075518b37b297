import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDatabase } from '../../src/server/db/database.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'

describe('createDatabase() with SQLite', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-sqlite-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  test('creates missing parent directories and opens the file in WAL mode with full sync and foreign keys', async () => {
    const file = path.join(dir, 'a', 'b', 'app.db')
    const handle = await createDatabase({ dialect: 'sqlite', file })
    try {
      expect((await stat(file)).isFile()).toBe(true)
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0]
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' })
      expect(await pragma('synchronous')).toEqual({ synchronous: 2 })
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 })
      expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 })
      expect(handle.dialect).toBe('sqlite')
    } finally {
      await handle.close()
    }
  })

  test('ping() is true while open and false after close(), which may be called twice', async () => {
    const handle = await createDatabase({ dialect: 'sqlite', file: path.join(dir, 'ping.db') })
    expect(await handle.ping()).toBe(true)
    await handle.close()
    await handle.close()
    expect(await handle.ping()).toBe(false)
  })
})

const pgSkipReason = postgresUnavailableReason()
if (pgSkipReason) console.warn(`PostgreSQL database tests skipped: ${pgSkipReason}`)

describe.skipIf(pgSkipReason !== undefined)('createDatabase() with PostgreSQL', () => {
  let server: PostgresServer | null = null
  beforeAll(async () => {
    server = await startPostgres()
  })
  afterAll(() => server?.stop())

  test('ping() is true while open and false after close(), which may be called twice', async () => {
    const handle = await createDatabase({ dialect: 'postgres', url: server?.url ?? '' })
    expect(handle.dialect).toBe('postgres')
    expect(await handle.ping()).toBe(true)
    await handle.close()
    await handle.close()
    expect(await handle.ping()).toBe(false)
  })

  test('rejects, naming host and database but not the password, when nothing listens', async () => {
    const url = new URL(server?.url ?? '')
    await server?.stop()
    url.password = 'secret'
    const opening = createDatabase({ dialect: 'postgres', url: url.href })
    await expect(opening).rejects.toThrow(`Cannot connect to PostgreSQL at ${url.host}/postgres`)
    await expect(opening).rejects.not.toThrow('secret')
  })
})
