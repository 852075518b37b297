// The history's table renamed from tool_results to saved_results loses nothing a user saved, on both
// databases: rows written at the previous migration read back through the saved-results module, with
// their options, failures, links to stored runs and deletions that can still be undone, and the
// table's indexes follow it under the new name.
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPostgres } from '../../src/server/db/column-types.ts'
import { createDatabase } from '../../src/server/db/database.ts'
import { migrateToLatest, migrations } from '../../src/server/db/migrate.ts'
import { createToolResultsRepository } from '../../src/server/modules/saved-results/repository.ts'
import { appBackends } from '../support/db/backends.ts'

const RENAME = '0012-saved-results-table'
const BEFORE = '0011-two-factor-and-token-scopes'

async function migrateTo(db: Kysely<unknown>, name: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } })
  const { error } = await migrator.migrateTo(name)
  if (error) throw error
}

/** A user's history as the previous migration stored it: an answer with options and a shared run, a
 * failed run, an entry deleted an hour ago, and another user's entry. */
async function saveBeforeRename(db: Kysely<unknown>) {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString()
  const answer = { tool: 'dns', input: 'shop.test', status: 'ok', result: { records: [] }, lines: [], durationMs: 3 }
  await sql`insert into runs (id, user_id, tool, input, answer, server, created_at, share_id, pinned)
    values (${'run-1'}, ${null}, ${'dns'}, ${'shop.test'}, ${JSON.stringify(answer)}, ${'site'}, ${at(0)}, ${'share-1'}, ${1})`.execute(
    db,
  )
  const rows = [
    [
      'h-ok',
      'alice',
      'dns',
      JSON.stringify({ records: ['A 203.0.113.7'] }),
      '{"type":"A"}',
      'ok',
      null,
      null,
      'run-1',
      null,
      at(1),
    ],
    [
      'h-failed',
      'alice',
      'ping',
      '{"host":"shop.test"}',
      null,
      'failed',
      '100% packet loss',
      'target',
      null,
      null,
      at(2),
    ],
    [
      'h-deleted',
      'alice',
      'whois',
      '"kept text"',
      null,
      'ok',
      null,
      null,
      null,
      new Date(Date.now() - 3_600_000).toISOString(),
      at(3),
    ],
    ['h-bob', 'bob', 'rdns', '{"ptr":"host.test"}', null, 'ok', null, null, null, null, at(4)],
  ] as const
  for (const [id, user, tool, result, options, status, error, source, runId, deletedAt, createdAt] of rows)
    await sql`insert into tool_results (id, user_id, tool_name, input_value, result_data, options, status, error,
      failure_source, run_id, deleted_at, created_at)
      values (${id}, ${user}, ${tool}, ${'shop.test'}, ${result}, ${options}, ${status}, ${error}, ${source}, ${runId},
      ${deletedAt}, ${createdAt})`.execute(db)
}

async function indexesOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(
        db,
      )
  return rows
    .map((row) => row.name)
    .filter((name) => name.endsWith('_idx'))
    .sort()
}

describe.each(appBackends())('the saved results table renamed on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('from the previous migration', () => {
    beforeAll(() => backend.setUp())
    afterAll(() => backend.tearDown())

    it('keeps every saved row, readable through the saved-results module, and its indexes', async () => {
      const handle = await createDatabase(await backend.freshDatabase())
      const db = handle.db as unknown as Kysely<unknown>
      try {
        await migrateTo(db, BEFORE)
        await saveBeforeRename(db)
        expect(await migrateToLatest(handle.db)).toContain(RENAME)

        const tables = (await db.introspection.getTables()).map((table) => table.name)
        expect(tables).toContain('saved_results')
        expect(tables).not.toContain('tool_results')
        expect(await indexesOf(db, 'saved_results')).toEqual([
          'saved_results_deleted_at_idx',
          'saved_results_user_id_created_at_idx',
        ])

        const repo = createToolResultsRepository(handle.db)
        const alice = await repo.listForUser('alice')
        expect(alice.map((row) => row.id)).toEqual(['h-failed', 'h-ok'])
        expect(alice[1]).toMatchObject({
          toolName: 'dns',
          inputValue: 'shop.test',
          resultData: { records: ['A 203.0.113.7'] },
          options: { type: 'A' },
          status: 'ok',
          runId: 'run-1',
          share: { id: 'share-1', pinned: true },
          createdAt: '2026-11-01T12:01:00.000Z',
        })
        expect(alice[0]).toMatchObject({ status: 'failed', error: '100% packet loss', failureSource: 'target' })
        expect(await repo.restoreForUser('h-deleted', 'alice', new Date(Date.now() - 86_400_000))).toBe('restored')
        expect((await repo.listForUser('alice')).map((row) => [row.id, row.resultData])).toContainEqual([
          'h-deleted',
          'kept text',
        ])
        expect(await repo.countForUser('bob')).toBe(1)
      } finally {
        await handle.close()
      }
    })

    it('takes the rows back to tool_results when the migration is undone', async () => {
      const handle = await createDatabase(await backend.freshDatabase())
      const db = handle.db as unknown as Kysely<unknown>
      try {
        await migrateTo(db, BEFORE)
        await saveBeforeRename(db)
        await migrateToLatest(handle.db)
        await migrateTo(db, BEFORE)
        const { rows } = await sql<{ id: string }>`select id from tool_results order by id`.execute(db)
        expect(rows.map((row) => row.id)).toEqual(['h-bob', 'h-deleted', 'h-failed', 'h-ok'])
        expect(await indexesOf(db, 'tool_results')).toEqual([
          'tool_results_deleted_at_idx',
          'tool_results_user_id_created_at_idx',
        ])
      } finally {
        await handle.close()
      }
    })
  })
})
