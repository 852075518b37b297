import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { migrateToLatest, migrations } from '../../src/server/db/migrate.ts'
import {
  createToolResultsRepository,
  type ToolResultsRepository,
} from '../../src/server/modules/saved-results/repository.ts'
import { appBackends } from '../support/db/backends.ts'

const backends = appBackends()

/** A clock that advances one second per reading, so insertion order is creation order. */
function steppingClock(start = Date.UTC(2025, 0, 1)) {
  let t = start
  return () => {
    t += 1000
    return new Date(t)
  }
}

describe.each(backends)('saved results repository on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a migrated database', () => {
    let handle: DatabaseHandle
    let repo: ToolResultsRepository
    let appliedFirst: string[]

    beforeAll(() => backend.setUp())
    afterAll(() => backend.tearDown())
    beforeEach(async () => {
      handle = await createDatabase(await backend.freshDatabase())
      appliedFirst = await migrateToLatest(handle.db)
      repo = createToolResultsRepository(handle.db, { now: steppingClock() })
    })
    afterEach(() => handle.close())

    test('migrateToLatest() applies the migrations once and is a no-op the second time', async () => {
      expect(handle.dialect).toBe(backend.name === 'SQLite' ? 'sqlite' : 'postgres')
      expect(appliedFirst).toEqual(Object.keys(migrations).sort())
      expect(await migrateToLatest(handle.db)).toEqual([])
      expect(await repo.countForUser('alice')).toBe(0)
    })

    test('migrateToLatest() names the failing migration when it cannot apply', async () => {
      const other = await createDatabase(await backend.freshDatabase())
      try {
        await other.db.schema.createTable('tool_results').addColumn('unrelated', 'text').execute()
        await expect(migrateToLatest(other.db)).rejects.toThrow('Migration "0001-tool-results" failed')
      } finally {
        await other.close()
      }
    })

    test('listForUser() returns strings, arrays and objects as saved, with input and creation time', async () => {
      const values = [
        'plain text with "quotes" and ünïcödé',
        '123',
        '',
        [1, 'two', { three: 3 }, null],
        { host: 'example.test', rtt: [1.5, 2.25], nested: { ok: true, none: null }, big: 12345678901234 },
      ]
      const saved = []
      for (const value of values)
        saved.push(
          await repo.insert({ userId: 'alice', toolName: 'dns', inputValue: 'example.test', resultData: value }),
        )
      const items = await repo.listForUser('alice')
      expect(items.map((i) => i.resultData)).toEqual([...values].reverse())
      expect(items.map((i) => i.id)).toEqual(saved.map((s) => s.id).reverse())
      expect(items.map((i) => i.createdAt)).toEqual(saved.map((s) => s.createdAt).reverse())
      expect(items[0]).toMatchObject({ userId: 'alice', toolName: 'dns', inputValue: 'example.test' })
      expect(items[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    })

    test('insert() accepts a null input value and gives each row a distinct UUID', async () => {
      const a = await repo.insert({
        userId: 'alice',
        toolName: 'whatismyip',
        inputValue: null,
        resultData: { ip: '127.0.0.1' },
      })
      const b = await repo.insert({
        userId: 'alice',
        toolName: 'whatismyip',
        inputValue: null,
        resultData: { ip: '::1' },
      })
      expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(a.id).not.toBe(b.id)
      const items = await repo.listForUser('alice')
      expect(items.map((i) => i.inputValue)).toEqual([null, null])
    })

    test('listForUser() lists newest first, and rows saved at the same instant by id descending', async () => {
      const fixed = new Date(Date.UTC(2025, 5, 1))
      const sameInstant = createToolResultsRepository(handle.db, { now: () => fixed })
      const old = await repo.insert({ userId: 'alice', toolName: 'ping', inputValue: 'a', resultData: 'first' })
      const middle = await repo.insert({ userId: 'alice', toolName: 'ping', inputValue: 'b', resultData: 'second' })
      const tied = [
        await sameInstant.insert({ userId: 'alice', toolName: 'ping', inputValue: 'c', resultData: 'tied' }),
        await sameInstant.insert({ userId: 'alice', toolName: 'ping', inputValue: 'd', resultData: 'tied' }),
      ]
      const tiedIds = tied
        .map((t) => t.id)
        .sort()
        .reverse()
      expect((await repo.listForUser('alice')).map((i) => i.id)).toEqual([...tiedIds, middle.id, old.id])
    })

    test('listForUser() returns the newest 50 of 51 rows while countForUser() counts all 51', async () => {
      const saved = []
      for (let i = 0; i < 51; i++)
        saved.push(await repo.insert({ userId: 'alice', toolName: 'ping', inputValue: `host${i}`, resultData: { i } }))
      const items = await repo.listForUser('alice')
      expect(items).toHaveLength(50)
      expect(items[0]?.id).toBe(saved[50]?.id)
      expect(items.map((i) => i.id)).not.toContain(saved[0]?.id)
      expect(await repo.countForUser('alice')).toBe(51)
      expect(await repo.listForUser('alice', 3)).toHaveLength(3)
    })

    test("another user can neither list nor delete a user's rows", async () => {
      const own = await repo.insert({
        userId: 'alice',
        toolName: 'whois',
        inputValue: 'example.test',
        resultData: 'registrar',
      })
      await repo.insert({ userId: 'bob', toolName: 'dns', inputValue: 'bob.test', resultData: 'bob data' })
      expect((await repo.listForUser('bob')).map((i) => i.resultData)).toEqual(['bob data'])
      expect(await repo.countForUser('bob')).toBe(1)
      expect(await repo.deleteForUser(own.id, 'bob')).toBe(false)
      expect((await repo.listForUser('alice')).map((i) => i.id)).toEqual([own.id])
    })

    test("deleteForUser() removes the caller's own row once and reports a missing row as false", async () => {
      const keep = await repo.insert({ userId: 'alice', toolName: 'ssl', inputValue: 'a.test', resultData: 'keep' })
      const drop = await repo.insert({ userId: 'alice', toolName: 'ssl', inputValue: 'b.test', resultData: 'drop' })
      expect(await repo.deleteForUser(drop.id, 'alice')).toBe(true)
      expect(await repo.deleteForUser(drop.id, 'alice')).toBe(false)
      expect(await repo.deleteForUser('not-a-uuid', 'alice')).toBe(false)
      expect((await repo.listForUser('alice')).map((i) => i.id)).toEqual([keep.id])
    })

    test('deleteForUser() hides the row from the list and the count at once but keeps it until purged', async () => {
      const drop = await repo.insert({ userId: 'alice', toolName: 'ssl', inputValue: 'b.test', resultData: 'drop' })
      expect(await repo.countForUser('alice')).toBe(1)
      expect(await repo.deleteForUser(drop.id, 'alice')).toBe(true)
      expect(await repo.listForUser('alice')).toEqual([])
      expect(await repo.countForUser('alice')).toBe(0)
      const row = await handle.db.selectFrom('saved_results').select('deleted_at').where('id', '=', drop.id).execute()
      expect(row).toHaveLength(1)
      expect(row[0]?.deleted_at).not.toBeNull()
    })

    test('restoreForUser() brings back a row deleted within the window, refuses an older delete and a stranger', async () => {
      let at = Date.UTC(2025, 0, 1)
      const clock = createToolResultsRepository(handle.db, { now: () => new Date(at) })
      const row = await clock.insert({ userId: 'alice', toolName: 'dns', inputValue: 'a.test', resultData: 'r' })
      expect(await clock.restoreForUser(row.id, 'alice', new Date(at))).toBe('restored')
      at += 1000
      expect(await clock.deleteForUser(row.id, 'alice')).toBe(true)
      expect(await clock.restoreForUser(row.id, 'bob', new Date(at - 60_000))).toBe('not_found')
      expect(await clock.restoreForUser(row.id, 'alice', new Date(at + 1))).toBe('expired')
      expect(await clock.listForUser('alice')).toEqual([])
      expect(await clock.restoreForUser(row.id, 'alice', new Date(at))).toBe('restored')
      expect((await clock.listForUser('alice')).map((i) => i.id)).toEqual([row.id])
      expect(await clock.restoreForUser('not-a-uuid', 'alice', new Date(0))).toBe('not_found')
    })

    test('purgeDeleted() removes only rows deleted before the cut-off', async () => {
      let at = Date.UTC(2025, 0, 1)
      const clock = createToolResultsRepository(handle.db, { now: () => new Date(at) })
      const old = await clock.insert({ userId: 'alice', toolName: 'dns', inputValue: 'old', resultData: 'o' })
      const recent = await clock.insert({ userId: 'alice', toolName: 'dns', inputValue: 'recent', resultData: 'n' })
      const kept = await clock.insert({ userId: 'bob', toolName: 'dns', inputValue: 'kept', resultData: 'k' })
      await clock.deleteForUser(old.id, 'alice')
      at += 60_000
      await clock.deleteForUser(recent.id, 'alice')
      expect(await clock.purgeDeleted(new Date(at - 30_000))).toBe(1)
      const ids = (await handle.db.selectFrom('saved_results').select('id').execute()).map((r) => r.id).sort()
      expect(ids).toEqual([recent.id, kept.id].sort())
      expect(await clock.restoreForUser(old.id, 'alice', new Date(0))).toBe('not_found')
    })

    test('insert() keeps options and a failed run with its error; no options read back as null', async () => {
      await repo.insert({ userId: 'alice', toolName: 'dns', inputValue: 'a.test', resultData: null, options: {} })
      await repo.insert({
        userId: 'alice',
        toolName: 'dns',
        inputValue: 'missing.test',
        resultData: null,
        options: { type: 'MX', dnssec: true, server: undefined },
        status: 'failed',
        error: 'missing.test does not exist (NXDOMAIN)',
        failureSource: 'target',
      })
      const [failed, plain] = await repo.listForUser('alice')
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'missing.test does not exist (NXDOMAIN)',
        failureSource: 'target',
        options: { type: 'MX', dnssec: true },
        resultData: null,
      })
      expect(plain).toMatchObject({ status: 'ok', error: null, failureSource: null, options: null })
    })
  })
})
