// Saved history through the real API on both databases: the server saves signed-in users'
// successful DNS runs (against Knot on loopback) and lists and deletes only the caller's own.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createToolResultsRepository } from '../../src/server/modules/history/repository.ts'
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

    const runDns = (client: BrowserLikeClient, input: string, type = 'A') =>
      client.post('/api/tools/dns', { input, options: { type } }).then((res) => res.json())
    const listOf = (client: BrowserLikeClient) => client.get('/api/history').then((res) => res.json().items)
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

    it('saves nothing for a failed run and leaves "saved" out of the answer', async () => {
      const before = await countFor(alice)
      const answer = await runDns(alice, 'missing.example.test')
      expect(answer.status).toBe('failed')
      expect(answer.saved).toBeUndefined()
      expect(await countFor(alice)).toBe(before)
    })

    it('saves nothing for a signed-out run', async () => {
      const allRows = async () => (await database.db.selectFrom('tool_results').select('id').execute()).length
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

    it("deletes the caller's own result once: 204, then 404", async () => {
      await runDns(bob, 'mail.example.test')
      const [own] = await listOf(bob)
      const first = await bob.request({ method: 'DELETE', url: `/api/history/${own.id}` })
      expect(first.statusCode).toBe(204)
      expect(first.body).toBe('')
      expect((await bob.request({ method: 'DELETE', url: `/api/history/${own.id}` })).statusCode).toBe(404)
      expect((await listOf(bob)).map((i: { id: string }) => i.id)).not.toContain(own.id)
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

    it('answers 401 to a signed-out caller', async () => {
      const anonymous = createClient(t.app)
      const list = await anonymous.get('/api/history')
      expect(list.statusCode).toBe(401)
      expect(list.json()).toEqual({ error: { type: 'unauthorized', message: 'Sign in to view your history' } })
      expect((await anonymous.request({ method: 'DELETE', url: '/api/history/anything' })).statusCode).toBe(401)
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
