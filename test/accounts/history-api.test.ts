// Saved history through the real API on both databases: the server saves signed-in users' DNS runs
// (against Knot on loopback), failed ones too, with their options; lists, deletes and restores only
// the caller's own; the retention job purges entries deleted longer ago than the restore window.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createRunsRepository } from '../../src/server/modules/runs/repository.ts'
import { createResultsRetention } from '../../src/server/modules/runs/retention.ts'
import { createToolResultsRepository } from '../../src/server/modules/saved-results/repository.ts'
import { HISTORY_RESTORE_MS } from '../../src/shared/history.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends } from '../support/db/backends.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')
if (!knotAvailable) console.warn('SKIPPED: history API tests need knotd (Debian package knot)')

/** Waits until the clock has moved past the given instant, so the next row sorts strictly later. */
async function afterInstant(iso: string) {
  while (Date.now() <= Date.parse(iso)) await new Promise((resolve) => setImmediate(resolve))
}

describe.skipIf(!knotAvailable).each(appBackends())('history API on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with two signed-in users', () => {
    let knot: KnotServer
    let t: TestApp
    let database: DatabaseHandle
    let alice: BrowserLikeClient
    let bob: BrowserLikeClient

    const runDns = (client: BrowserLikeClient, input: string, type = 'A', more: object = {}) =>
      client.post('/api/tools/dns', { input, options: { type, ...more } }).then((res) => res.json())
    const listOf = (client: BrowserLikeClient) => client.get('/api/history').then((res) => res.json().items)
    const idsOf = async (client: BrowserLikeClient) => (await listOf(client)).map((i: { id: string }) => i.id)
    const remove = (client: BrowserLikeClient, id: string) =>
      client.request({ method: 'DELETE', url: `/api/history/${id}` })
    const restore = (client: BrowserLikeClient, id: string) => client.post(`/api/history/${id}/restore`)
    /** Moves a deleted row's delete back in time, as if it had been deleted `ms` ago. */
    const deletedAgo = (id: string, ms: number) =>
      database.db
        .updateTable('saved_results')
        .set({ deleted_at: new Date(Date.now() - ms).toISOString() })
        .where('id', '=', id)
        .execute()
    const countFor = async (client: BrowserLikeClient) => {
      const session = (await client.get('/api/auth/get-session')).json()
      return createToolResultsRepository(database.db).countForUser(session.user.id)
    }

    beforeAll(async () => {
      await backend.setUp()
      knot = await startKnot([{ origin: 'example.test', text: zoneText }])
      ;({ t, database } = await backend.startApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' }))
      const mailTo = (address: string) => latestOutboxMail(t.dataDir, address)
      alice = await signUpVerified(t.app, 'alice@example.test', 'alice-secret', mailTo)
      bob = await signUpVerified(t.app, 'bob@example.test', 'bob-secret', mailTo)
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await knot?.stop()
      await backend.tearDown()
    })

    it("saves a signed-in user's successful run and says so in the answer", async () => {
      const answer = await runDns(alice, 'example.test', 'MX')
      expect(answer).toMatchObject({ status: 'ok', saved: true })
      const [newest] = await listOf(alice)
      expect(newest).toMatchObject({ toolName: 'dns', inputValue: 'example.test', resultData: answer.result })
      expect(newest.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(newest.userId).toBeUndefined()
    })

    it('keeps the options a run was asked with', async () => {
      const answer = await runDns(alice, 'example.test', 'MX', { dnssec: true, server: '' })
      expect(answer).toMatchObject({ status: 'ok', saved: true })
      const [newest] = await listOf(alice)
      expect(newest).toMatchObject({ inputValue: 'example.test', status: 'ok', error: null, failureSource: null })
      expect(newest.options).toEqual({ type: 'MX', dnssec: true })
    })

    it('keeps a failed run, marked failed with its error, and says so in the answer', async () => {
      const before = await countFor(alice)
      const answer = await runDns(alice, 'missing.example.test', 'TXT')
      expect(answer.status).toBe('failed')
      expect(answer.error).toBeTruthy()
      expect(answer.saved).toBe(true)
      expect(await countFor(alice)).toBe(before + 1)
      const [newest] = await listOf(alice)
      expect(newest).toMatchObject({
        toolName: 'dns',
        inputValue: 'missing.example.test',
        status: 'failed',
        error: answer.error,
        failureSource: answer.failureSource,
        options: { type: 'TXT' },
      })
    })

    it('saves nothing for a signed-out run', async () => {
      const allRows = async () => (await database.db.selectFrom('saved_results').select('id').execute()).length
      const before = await allRows()
      const answer = await runDns(createClient(t.app), 'example.test')
      expect(answer.status).toBe('ok')
      expect(answer).not.toHaveProperty('saved')
      expect(await allRows()).toBe(before)
    })

    it("lets user B neither list nor delete user A's result", async () => {
      const answer = await runDns(alice, 'www.example.test')
      expect(answer.saved).toBe(true)
      const [own] = await listOf(alice)
      expect(own.inputValue).toBe('www.example.test')
      expect((await listOf(bob)).map((i: { id: string }) => i.id)).not.toContain(own.id)
      const attempt = await bob.request({ method: 'DELETE', url: `/api/history/${own.id}` })
      expect(attempt.statusCode).toBe(404)
      expect(attempt.json()).toEqual({ error: { type: 'not_found', message: 'Result not found' } })
      expect((await listOf(alice)).map((i: { id: string }) => i.id)).toContain(own.id)
    })

    it("deletes the caller's own result once: 204, then 404; gone from the list and the count at once", async () => {
      await runDns(bob, 'mail.example.test')
      const [own] = await listOf(bob)
      const before = await countFor(bob)
      const first = await remove(bob, own.id)
      expect(first.statusCode).toBe(204)
      expect(first.body).toBe('')
      expect((await remove(bob, own.id)).statusCode).toBe(404)
      expect(await idsOf(bob)).not.toContain(own.id)
      expect(await countFor(bob)).toBe(before - 1)
    })

    it('restores a deleted result (Undo): back in the list with its options, and restoring again changes nothing', async () => {
      await runDns(bob, 'example.test', 'MX')
      const [own] = await listOf(bob)
      expect((await remove(bob, own.id)).statusCode).toBe(204)
      expect(await idsOf(bob)).not.toContain(own.id)
      const restored = await restore(bob, own.id)
      expect(restored.statusCode).toBe(204)
      expect(restored.body).toBe('')
      const [back] = await listOf(bob)
      expect(back).toEqual(own)
      expect((await restore(bob, own.id)).statusCode).toBe(204)
      expect(await idsOf(bob)).toContain(own.id)
    })

    it("lets user B neither restore user A's deleted result nor learn that it exists", async () => {
      await runDns(alice, 'alias.example.test')
      const [own] = await listOf(alice)
      expect((await remove(alice, own.id)).statusCode).toBe(204)
      const attempt = await restore(bob, own.id)
      expect(attempt.statusCode).toBe(404)
      expect(attempt.json()).toEqual({ error: { type: 'not_found', message: 'Result not found' } })
      expect((await restore(bob, 'no-such-id')).json()).toEqual(attempt.json())
      expect(await idsOf(alice)).not.toContain(own.id)
      expect((await restore(alice, own.id)).statusCode).toBe(204)
    })

    it('refuses a restore after the window with 410 and a clear message, and the entry stays deleted', async () => {
      await runDns(bob, 'web.example.test')
      const [own] = await listOf(bob)
      expect((await remove(bob, own.id)).statusCode).toBe(204)
      await deletedAgo(own.id, HISTORY_RESTORE_MS + 1000)
      const late = await restore(bob, own.id)
      expect(late.statusCode).toBe(410)
      expect(late.json()).toEqual({
        error: {
          type: 'restore_expired',
          message: 'This result was deleted more than 10 minutes ago and can no longer be restored',
        },
      })
      expect(await idsOf(bob)).not.toContain(own.id)
    })

    it('purges entries deleted longer ago than the window in the retention job, and keeps the rest', async () => {
      await runDns(bob, 'example.test')
      await runDns(bob, 'www.example.test')
      await runDns(bob, 'mail.example.test')
      const [recent, old, kept] = await listOf(bob)
      expect((await remove(bob, recent.id)).statusCode).toBe(204)
      expect((await remove(bob, old.id)).statusCode).toBe(204)
      await deletedAgo(old.id, HISTORY_RESTORE_MS + 1000)
      const rowExists = async (id: string) =>
        (await database.db.selectFrom('saved_results').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      const retention = createResultsRetention(createRunsRepository(database.db), loadConfig({}).results, {
        history: createToolResultsRepository(database.db),
      })
      const purged = await retention.purge()
      expect(purged.history).toBeGreaterThanOrEqual(1)
      expect(await rowExists(old.id)).toBe(false)
      expect(await rowExists(recent.id)).toBe(true)
      expect(await rowExists(kept.id)).toBe(true)
      const gone = await restore(bob, old.id)
      expect(gone.statusCode).toBe(404)
      expect((await restore(bob, recent.id)).statusCode).toBe(204)
    })

    it("a shared run's permalink keeps its options, for Run again", async () => {
      const answer = await runDns(alice, 'example.test', 'MX', { dnssec: true })
      const share = await alice.post('/api/results', { runId: answer.runId })
      expect(share.statusCode).toBe(201)
      const shared = (await alice.get(`/api/results/${share.json().id}`)).json()
      expect(shared).toMatchObject({ input: 'example.test', options: { type: 'MX', dnssec: true } })
    })

    it('describes the restore route in the OpenAPI document', async () => {
      const doc = (await createClient(t.app).get('/api/openapi.json')).json()
      const op = doc.paths['/api/history/{id}/restore']?.post
      expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['204', '401', '404', '410'])
      expect(Object.keys(doc.paths['/api/history/{id}'] ?? {})).toEqual(['delete'])
    })

    it('refuses a cross-site delete and keeps the row', async () => {
      const [own] = await listOf(alice)
      const forged = await alice.request({
        method: 'DELETE',
        url: `/api/history/${own.id}`,
        headers: { origin: 'http://attacker.example', 'sec-fetch-site': 'cross-site' },
      })
      expect(forged.statusCode).toBe(403)
      expect(forged.json().error.type).toBe('cross_origin_request')
      expect((await listOf(alice)).map((i: { id: string }) => i.id)).toContain(own.id)
    })

    it('refuses a cross-site restore and keeps the row deleted', async () => {
      const [own] = await listOf(alice)
      expect((await remove(alice, own.id)).statusCode).toBe(204)
      const forged = await alice.request({
        method: 'POST',
        url: `/api/history/${own.id}/restore`,
        headers: { origin: 'http://attacker.example', 'sec-fetch-site': 'cross-site' },
      })
      expect(forged.statusCode).toBe(403)
      expect(forged.json().error.type).toBe('cross_origin_request')
      expect(await idsOf(alice)).not.toContain(own.id)
      expect((await restore(alice, own.id)).statusCode).toBe(204)
    })

    it('answers 401 to a signed-out caller', async () => {
      const anonymous = createClient(t.app)
      const list = await anonymous.get('/api/history')
      expect(list.statusCode).toBe(401)
      expect(list.json()).toEqual({ error: { type: 'unauthorized', message: 'Sign in to view your history' } })
      expect((await anonymous.request({ method: 'DELETE', url: '/api/history/anything' })).statusCode).toBe(401)
      expect((await anonymous.post('/api/history/anything/restore')).statusCode).toBe(401)
    })

    it('lists the newest 50: the 51st result pushes the oldest out but deletes nothing', async () => {
      const carol = await signUpVerified(t.app, 'carol@example.test', 'carol-secret', (a) =>
        latestOutboxMail(t.dataDir, a),
      )
      expect((await runDns(carol, 'alias.example.test')).saved).toBe(true)
      const [oldest] = await listOf(carol)
      await afterInstant(oldest.createdAt)
      for (let i = 0; i < 49; i++) expect((await runDns(carol, 'example.test')).saved).toBe(true)
      expect((await listOf(carol)).at(-1).id).toBe(oldest.id)
      expect((await runDns(carol, 'web.example.test')).saved).toBe(true)
      const items = await listOf(carol)
      expect(items).toHaveLength(50)
      expect(items[0].inputValue).toBe('web.example.test')
      expect(items.map((i: { id: string }) => i.id)).not.toContain(oldest.id)
      expect(await countFor(carol)).toBe(51)
    })
  })
})
