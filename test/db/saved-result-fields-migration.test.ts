// Results saved before the whois fields were renamed (and before the website check had a standards
// report) still parse with the tools' current schemas once the migrations have run, on both databases.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { migrateToLatest, migrations } from '../../src/server/db/migrate.ts'
import { websiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { whoisLines } from '../../src/shared/tools/whois/lines.ts'
import { whoisResult } from '../../src/shared/tools/whois/schema.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'

/** A whois result as the tool saved it before the rename. */
const oldWhois = {
  query: 'example.com',
  kind: 'domain',
  protocol: 'whois',
  sources: ['whois.verisign-grs.com'],
  name: 'EXAMPLE.COM',
  registrar: 'RESERVED-Internet Assigned Numbers Authority',
  created: '1995-08-14T04:00:00Z',
  updated: '2024-08-14 07:01:34',
  expires: '13-Aug-2025',
  status: [
    'clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited',
    'clientTransferProhibited https://icann.org/epp#clientTransferProhibited',
  ],
  nameServers: ['A.IANA-SERVERS.NET.', 'b.iana-servers.net'],
  dnssec: 'signedDelegation',
  abuse: { email: 'abuse@iana.org', phone: '+1.3108239358' },
  raw: 'Domain Name: EXAMPLE.COM',
  notes: [],
}

/** A website check saved before the standards report existed. */
const oldWebsiteCheck = {
  url: 'https://site.test/',
  finalUrl: 'https://site.test/',
  up: true,
  finalStatus: 200,
  statusText: 'OK',
  hops: [],
  headers: [{ name: 'content-type', value: 'text/html' }],
  securityHeaders: [],
  bodyBytes: 512,
  bodyTruncated: false,
  tls: null,
}

async function migrateBeforeUpgrade(db: Kysely<unknown>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } })
  const { error } = await migrator.migrateTo('0006-api-tokens')
  if (error) throw error
}

async function insertOldRows(db: Kysely<unknown>) {
  const now = new Date().toISOString()
  const rows = [
    ['h-whois', 'whois', oldWhois],
    ['h-web', 'website-check', oldWebsiteCheck],
    ['h-dns', 'dns', { name: 'created', status: ['kept as is'] }],
  ] as const
  for (const [id, tool, result] of rows) {
    await sql`insert into tool_results (id, user_id, tool_name, input_value, result_data, created_at)
      values (${id}, ${'u1'}, ${tool}, ${'x'}, ${JSON.stringify(result)}, ${now})`.execute(db)
  }
  const answer = {
    tool: 'whois',
    input: 'example.com',
    status: 'ok',
    result: oldWhois,
    lines: ['Created: old'],
    durationMs: 5,
  }
  await sql`insert into runs (id, user_id, tool, input, answer, server, created_at, pinned)
    values (${'r-whois'}, ${null}, ${'whois'}, ${'example.com'}, ${JSON.stringify(answer)}, ${'site'}, ${now}, ${0})`.execute(
    db,
  )
}

/** A saved result's stored JSON, from the table as named before the upgrade (tool_results) or after it. */
async function stored(db: Kysely<unknown>, id: string, table = 'saved_results'): Promise<Record<string, unknown>> {
  const row = await sql<{
    json: string
  }>`select cast(result_data as text) as json from ${sql.table(table)} where id = ${id}`.execute(db)
  return JSON.parse(row.rows[0]?.json ?? 'null')
}

function describeBackend(name: string, skip: string | undefined, open: () => Promise<DatabaseHandle>) {
  describe.skipIf(skip !== undefined)(`saved results upgraded on ${name}`, () => {
    it('rewrites old whois entries to the current fields, dates in ISO 8601, and leaves other tools alone', async () => {
      const handle = await open()
      const db = handle.db as unknown as Kysely<unknown>
      try {
        await migrateBeforeUpgrade(db)
        await insertOldRows(db)
        expect(whoisResult.safeParse(await stored(db, 'h-whois', 'tool_results')).success).toBe(false)
        expect(await migrateToLatest(db)).toContain('0007-saved-result-fields')

        const whois = whoisResult.parse(await stored(db, 'h-whois'))
        expect(whois).toMatchObject({
          createdAt: '1995-08-14T04:00:00Z',
          updatedAt: '2024-08-14T07:01:34Z',
          expiresAt: '2025-08-13T00:00:00Z',
          statuses: ['clientDeleteProhibited', 'clientTransferProhibited'],
          nameServers: ['a.iana-servers.net', 'b.iana-servers.net'],
          abuseContact: { email: 'abuse@iana.org', phone: '+1.3108239358' },
          registrar: 'RESERVED-Internet Assigned Numbers Authority',
        })
        expect(Object.keys(whois)).not.toContain('created')
        expect(whoisLines(whois)).toContain('Status: clientDeleteProhibited, clientTransferProhibited')
        expect(whoisLines(whois)).toContain('Abuse email: abuse@iana.org')

        const web = websiteCheckResult.safeParse(await stored(db, 'h-web'))
        expect(web.success).toBe(true)
        expect(web.data?.standards).toEqual([])
        expect(await stored(db, 'h-dns')).toEqual({ name: 'created', status: ['kept as is'] })

        const run = await sql<{
          json: string
        }>`select cast(answer as text) as json from runs where id = ${'r-whois'}`.execute(db)
        const answer = JSON.parse(run.rows[0]?.json ?? 'null')
        expect(answer.lines).toEqual(['Created: old'])
        expect(whoisResult.parse(answer.result).expiresAt).toBe('2025-08-13T00:00:00Z')
        expect(await migrateToLatest(db)).toEqual([])
      } finally {
        await handle.close()
      }
    })
  })
}

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-migration-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describeBackend('SQLite', undefined, () => createDatabase({ dialect: 'sqlite', file: path.join(dir, 'old.db') }))

const pgSkip = postgresUnavailableReason()
if (pgSkip) console.warn(`PostgreSQL migration test skipped: ${pgSkip}`)
let server: PostgresServer | null = null
describeBackend('PostgreSQL', pgSkip, async () => {
  server ??= await startPostgres()
  if (!server) throw new Error('PostgreSQL did not start')
  return createDatabase({ dialect: 'postgres', url: await server.createDatabase() })
})
afterAll(() => server?.stop())
