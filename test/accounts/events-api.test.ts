// POST /api/events: stored with the sender's account id only when signed in; nothing stored under
// Do-Not-Track or Global Privacy Control; names and sizes checked.
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createEventsRepository } from '../../src/server/modules/events/repository.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends, useBackendApp } from '../support/db/backends.ts'

describe.each(appBackends())('events API on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a migrated database', () => {
    let t: TestApp
    let database: DatabaseHandle
    let hana: BrowserLikeClient
    let hanaId: string
    const stored = () => createEventsRepository(database.db).list()

    useBackendApp(backend, async (started) => {
      ;({ t, database } = started)
      hana = await signUpVerified(t.app, 'hana@example.test', 'hana-secret', (a) => latestOutboxMail(t.dataDir, a))
      hanaId = (await hana.get('/api/auth/get-session')).json().user.id
    })

    it('stores an anonymous event without a user id', async () => {
      const res = await createClient(t.app).post('/api/events', {
        name: 'page_not_found',
        properties: { path: '/nope' },
      })
      expect(res.statusCode).toBe(204)
      const [event] = await stored()
      expect(event).toMatchObject({ name: 'page_not_found', userId: null, properties: { path: '/nope' } })
    })

    it('identifies a signed-in sender by account id only', async () => {
      expect((await hana.post('/api/events', { name: 'user_signed_in' })).statusCode).toBe(204)
      const [event] = await stored()
      expect(event).toMatchObject({ name: 'user_signed_in', userId: hanaId, properties: {} })
      expect(JSON.stringify(event)).not.toContain('hana@example.test')
    })

    it.each([['dnt'], ['sec-gpc']])('stores nothing when the browser sends %s: 1', async (header) => {
      const before = (await stored()).length
      const res = await hana.request({
        method: 'POST',
        url: '/api/events',
        payload: { name: 'user_signed_out' },
        headers: { [header]: '1' },
      })
      expect(res.statusCode).toBe(204)
      expect((await stored()).length).toBe(before)
    })

    it('rejects a malformed name or oversized properties with 400', async () => {
      const client = createClient(t.app)
      expect((await client.post('/api/events', { name: 'DROP TABLE' })).statusCode).toBe(400)
      expect(
        (await client.post('/api/events', { name: 'big', properties: { text: 'x'.repeat(5000) } })).statusCode,
      ).toBe(400)
    })
  })
})
