// Pinning through the API on both databases: the owner pins a shared run, the retention job then
// keeps it however old it is while an unpinned share of the same age goes; the history shows each
// entry's share and pin; unpinning gives the share its lifetime again from that moment.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createRunsRepository } from '../../src/server/modules/runs/repository.ts'
import { createResultsRetention } from '../../src/server/modules/runs/retention.ts'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { appBackends } from '../support/db/backends.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

const DAY = 86_400_000

describe.each(appBackends())('pinned results on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a signed-in owner', () => {
    let dns: TableDns
    let t: TestApp
    let database: DatabaseHandle
    let owner: BrowserLikeClient
    let stranger: BrowserLikeClient

    const runAndShare = async (input: string) => {
      const answer = await checkToolAnswer(owner.request, 'dns', input)
      const shared = await owner.post('/api/results', { runId: answer.runId })
      expect(shared.statusCode).toBe(201)
      return { runId: answer.runId as string, shareId: shared.json().id as string }
    }
    const pin = (client: BrowserLikeClient, shareId: string, pinned: boolean) =>
      client.request({ method: 'PATCH', url: `/api/results/${shareId}`, payload: { pinned } })
    const historyEntry = async (input: string) =>
      (await owner.get('/api/history')).json().items.find((i: { inputValue: string }) => i.inputValue === input)
    /** Moves a run and its share `days` into the past, as if made then. */
    const age = async (runId: string, days: number) => {
      const then = new Date(Date.now() - days * DAY).toISOString()
      await sql`update runs set created_at = ${then}, shared_at = ${then} where id = ${runId}`.execute(database.db)
    }

    beforeAll(async () => {
      await backend.setUp()
      dns = await startTableDns({
        records: [
          { name: 'kept.test', type: 'A', data: '198.51.100.1' },
          { name: 'gone.test', type: 'A', data: '198.51.100.2' },
        ],
      })
      ;({ t, database } = await backend.startApp({ DNS_SERVERS: dns.endpoint, SHARE_RETENTION_DAYS: '30' }))
      const mailTo = (a: string) => latestOutboxMail(t.dataDir, a)
      owner = await signUpVerified(t.app, 'pins@example.test', 'pin-secret', mailTo)
      stranger = await signUpVerified(t.app, 'stranger@example.test', 'other-secret', mailTo)
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await dns?.stop()
      await backend.tearDown()
    })

    it('keeps a pinned share through the retention purge and lets an unpinned one of the same age go', async () => {
      const kept = await runAndShare('kept.test')
      const gone = await runAndShare('gone.test')
      expect((await pin(stranger, kept.shareId, true)).statusCode).toBe(403)
      const pinned = await pin(owner, kept.shareId, true)
      expect(pinned.json()).toMatchObject({ pinned: true, expiresAt: null })
      expect(await historyEntry('kept.test')).toMatchObject({
        runId: kept.runId,
        share: { id: kept.shareId, pinned: true },
      })
      expect(await historyEntry('gone.test')).toMatchObject({
        runId: gone.runId,
        share: { id: gone.shareId, pinned: false },
      })

      await age(kept.runId, 400)
      await age(gone.runId, 400)
      const settings = loadConfig({ SHARE_RETENTION_DAYS: '30' }).results
      const purged = await createResultsRetention(createRunsRepository(database.db), settings).purge()
      expect(purged.shares).toBe(1)

      const shown = await t.app.inject(`/api/results/${kept.shareId}`)
      expect(shown.statusCode).toBe(200)
      expect(shown.json()).toMatchObject({ input: 'kept.test', pinned: true, expiresAt: null })
      expect((await t.app.inject(`/api/results/${gone.shareId}`)).statusCode).toBe(404)
      // The history entries stay; the purged run's share and runId are gone from it.
      expect(await historyEntry('gone.test')).toMatchObject({ runId: null, share: null })
      expect(await historyEntry('kept.test')).toMatchObject({ share: { id: kept.shareId, pinned: true } })
    })

    it('gives an unpinned share its whole lifetime again from the moment it is unpinned', async () => {
      const old = await runAndShare('kept.test')
      expect((await pin(owner, old.shareId, true)).statusCode).toBe(200)
      await age(old.runId, 400)
      const before = Date.now()
      const unpinned = await pin(owner, old.shareId, false)
      expect(unpinned.statusCode).toBe(200)
      expect(unpinned.json().pinned).toBe(false)
      const expiresAt = Date.parse(unpinned.json().expiresAt)
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY)
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY)
      expect((await t.app.inject(`/api/results/${old.shareId}`)).statusCode).toBe(200)
    })
  })
})
