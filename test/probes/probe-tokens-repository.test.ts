// Probe tokens in the database (migration 0008) on both backends: issued, listed, checked, revoked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import {
  createProbeTokenCheck,
  createProbeTokensRepository,
  hashProbeToken,
  ProbeTokenNameTaken,
  type ProbeTokensRepository,
} from '../../src/server/modules/measurements/probe-tokens.ts'
import { appBackends } from '../support/db/backends.ts'

describe.each(appBackends())('probe tokens on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a migrated database', () => {
    let handle: DatabaseHandle
    let tokens: ProbeTokensRepository

    beforeAll(() => backend.setUp())
    afterAll(() => backend.tearDown())
    beforeEach(async () => {
      handle = await createDatabase(await backend.freshDatabase())
      await migrateToLatest(handle.db)
      tokens = createProbeTokensRepository(handle.db, { now: () => new Date('2026-03-01T10:00:00Z') })
    })
    afterEach(() => handle.close())

    it('keeps only the hash of an issued token, which the check then knows by name', async () => {
      const { token } = await tokens.create('frankfurt-1')
      const check = createProbeTokenCheck([{ name: 'from-env', token: 'env-token-0123456789' }], tokens)
      expect(await check.nameOf(token)).toBe('frankfurt-1')
      expect(await check.nameOf('env-token-0123456789')).toBe('from-env')
      expect(await check.nameOf(`${token}x`)).toBeNull()
      const stored = await handle.db.selectFrom('probe_tokens').selectAll().execute()
      expect(stored.map((row) => row.token_hash)).toEqual([hashProbeToken(token)])
      expect(JSON.stringify(stored)).not.toContain(token)
    })

    it('a revoked token is listed as revoked and checked as invalid; its name can be issued again', async () => {
      const first = await tokens.create('paris-1')
      await expect(tokens.create('paris-1')).rejects.toBeInstanceOf(ProbeTokenNameTaken)
      expect(await tokens.revoke('paris-1')).toBe(true)
      expect(await tokens.revoke('paris-1')).toBe(false)
      expect(await tokens.list()).toEqual([
        { name: 'paris-1', createdAt: '2026-03-01T10:00:00.000Z', revokedAt: '2026-03-01T10:00:00.000Z' },
      ])
      const check = createProbeTokenCheck([], tokens)
      expect(await check.nameOf(first.token)).toBeNull()
      expect(await check.validHashes()).toEqual(new Set())
      const second = await tokens.create('paris-1')
      expect(await check.nameOf(second.token)).toBe('paris-1')
      expect(await tokens.list()).toEqual([{ name: 'paris-1', createdAt: '2026-03-01T10:00:00.000Z', revokedAt: null }])
    })
  })
})
