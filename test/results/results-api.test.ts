// Shared results through the real API on both databases: DNS runs against a DNS server on loopback
// are stored with their runId; anonymous and signed-in shares, their owners' rights, pins and unsharing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { appBackends } from '../support/db/backends.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

describe.each(appBackends())('results API on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a DNS server and two accounts', () => {
    let dns: TableDns
    let t: TestApp
    let database: DatabaseHandle
    let alice: BrowserLikeClient
    let bob: BrowserLikeClient
    let anonymous: BrowserLikeClient

    const runDns = async (client: BrowserLikeClient, input = 'share.test') => {
      const res = await client.post('/api/tools/dns', { input, options: { type: 'A' } })
      expect(res.statusCode).toBe(200)
      return res.json()
    }
    const share = (client: BrowserLikeClient, runId: unknown) => client.post('/api/results', { runId })

    beforeAll(async () => {
      await backend.setUp()
      dns = await startTableDns({ records: [{ name: 'share.test', type: 'A', data: '198.51.100.7' }] })
      ;({ t, database } = await backend.startApp({
        DNS_SERVERS: dns.endpoint,
        TARGET_ALLOW: '127.0.0.0/8',
        SERVER_NAME: 'probe-ams.test',
      }))
      const mailTo = (address: string) => latestOutboxMail(t.dataDir, address)
      alice = await signUpVerified(t.app, 'alice@example.test', 'alice-secret', mailTo)
      bob = await signUpVerified(t.app, 'bob@example.test', 'bob-secret', mailTo)
      anonymous = createClient(t.app)
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await dns?.stop()
      await backend.tearDown()
    })

    it('gives every answer an unguessable runId and keeps the exact answer server-side', async () => {
      const first = await runDns(anonymous)
      const second = await runDns(anonymous)
      expect(first.runId).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(second.runId).not.toBe(first.runId)
      const row = await database.db
        .selectFrom('runs')
        .selectAll()
        .where('id', '=', first.runId)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ tool: 'dns', input: 'share.test', server: 'probe-ams.test', user_id: null })
    })

    it('puts the runId into the final event of a streamed run', async () => {
      const res = await checkTool(anonymous.request, 'dns', 'share.test', { stream: true })
      const result = /event: result\ndata: (.*)\n/.exec(res.body)?.[1] ?? '{}'
      expect(JSON.parse(result).runId).toMatch(/^[A-Za-z0-9_-]{32}$/)
    })

    it('shares an anonymous run, serves it to anyone, and unshares it only with its deleteToken', async () => {
      const answer = await runDns(anonymous)
      const created = await share(anonymous, answer.runId)
      expect(created.statusCode).toBe(201)
      const { id, url, deleteToken } = created.json()
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(url).toBe(`http://localhost:8080/r/${id}`)
      expect(deleteToken).toMatch(/^[A-Za-z0-9_-]{32}$/)

      const shown = await createClient(t.app).get(`/api/results/${id}`)
      expect(shown.statusCode).toBe(200)
      const { runId: _runId, saved: _saved, ...stored } = answer
      expect(shown.json()).toEqual({
        ...stored,
        // The options it was asked with, for Run again.
        options: { type: 'A' },
        id,
        server: 'probe-ams.test',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        sharedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pinned: false,
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
      // A share says when it expires: SHARE_RETENTION_DAYS (30 by default) after it was shared.
      expect(Date.parse(shown.json().expiresAt) - Date.parse(shown.json().sharedAt)).toBe(30 * 24 * 60 * 60_000)
      expect(created.json().expiresAt).toBe(shown.json().expiresAt)
      expect(shown.json().status).toBe('ok')
      expect(shown.json().lines.join('\n')).toContain('198.51.100.7')

      const withoutToken = await bob.request({ method: 'DELETE', url: `/api/results/${id}` })
      expect(withoutToken.statusCode).toBe(403)
      expect(withoutToken.json().error.message).toBe(
        'Unsharing this result needs the deleteToken given when it was shared',
      )
      const wrongToken = await anonymous.request({
        method: 'DELETE',
        url: `/api/results/${id}?deleteToken=${'x'.repeat(32)}`,
      })
      expect(wrongToken.statusCode).toBe(403)
      const deleted = await anonymous.request({
        method: 'DELETE',
        url: `/api/results/${id}?deleteToken=${deleteToken}`,
      })
      expect(deleted.statusCode).toBe(204)
      const gone = await anonymous.get(`/api/results/${id}`)
      expect(gone.statusCode).toBe(404)
      expect(gone.json()).toEqual({
        error: { type: 'not_found', message: 'This shared result does not exist, was unshared or has expired' },
      })
    })

    it('shares a run once: sharing it again gives the same permalink and keeps the first deleteToken valid', async () => {
      const answer = await runDns(anonymous)
      const first = await share(anonymous, answer.runId)
      expect(first.statusCode).toBe(201)
      const { id, url, deleteToken } = first.json()
      const again = await share(anonymous, answer.runId)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({ id, url, alreadyShared: true, expiresAt: first.json().expiresAt, pinned: false })
      const concurrent = await Promise.all([share(bob, answer.runId), share(anonymous, answer.runId)])
      expect(concurrent.map((r) => [r.statusCode, r.json().id, r.json().deleteToken])).toEqual([
        [200, id, undefined],
        [200, id, undefined],
      ])
      const deleted = await anonymous.request({
        method: 'DELETE',
        url: `/api/results/${id}?deleteToken=${deleteToken}`,
      })
      expect(deleted.statusCode).toBe(204)
      expect((await anonymous.get(`/api/results/${id}`)).statusCode).toBe(404)
    })

    it("refuses to share another account's run, whoever asks", async () => {
      const answer = await runDns(alice)
      for (const other of [bob, anonymous]) {
        const forged = await share(other, answer.runId)
        expect(forged.statusCode).toBe(403)
        expect(forged.json()).toEqual({
          error: { type: 'forbidden', message: 'Only the account that ran this tool can share its result' },
        })
      }
      expect(
        await database.db.selectFrom('runs').select('share_id').where('id', '=', answer.runId).executeTakeFirst(),
      ).toEqual({
        share_id: null,
      })
    })

    it("lets only the owner pin and unshare a signed-in user's share", async () => {
      const answer = await runDns(alice)
      const created = await share(alice, answer.runId)
      expect(created.statusCode).toBe(201)
      const { id, deleteToken } = created.json()
      expect(deleteToken).toBeUndefined()
      expect(await share(alice, answer.runId).then((r) => r.json().id)).toBe(id)

      const pinByBob = await bob.request({ method: 'PATCH', url: `/api/results/${id}`, payload: { pinned: true } })
      expect(pinByBob.statusCode).toBe(403)
      const pinned = await alice.request({ method: 'PATCH', url: `/api/results/${id}`, payload: { pinned: true } })
      expect(pinned.statusCode).toBe(200)
      expect(pinned.json().pinned).toBe(true)
      // A pinned share never expires.
      expect(pinned.json().expiresAt).toBeNull()
      expect((await anonymous.get(`/api/results/${id}`)).json().pinned).toBe(true)
      const badPin = await alice.request({ method: 'PATCH', url: `/api/results/${id}`, payload: { pinned: 'yes' } })
      expect(badPin.statusCode).toBe(400)
      expect(badPin.json().error.message).toBe('pinned must be true or false')

      expect((await bob.request({ method: 'DELETE', url: `/api/results/${id}` })).statusCode).toBe(403)
      expect((await anonymous.get(`/api/results/${id}`)).statusCode).toBe(200)
      expect((await alice.request({ method: 'DELETE', url: `/api/results/${id}` })).statusCode).toBe(204)
      expect((await anonymous.get(`/api/results/${id}`)).statusCode).toBe(404)
      expect((await alice.request({ method: 'DELETE', url: `/api/results/${id}` })).statusCode).toBe(404)
    })

    it('answers 404 for unknown runs and share ids, and 400 for a missing runId', async () => {
      const unknownRun = await share(anonymous, 'A'.repeat(32))
      expect(unknownRun.statusCode).toBe(404)
      expect(unknownRun.json().error.type).toBe('not_found')
      expect((await anonymous.get(`/api/results/${'B'.repeat(22)}`)).statusCode).toBe(404)
      const missing = await anonymous.post('/api/results', {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json().error.message).toBe('runId is required')
    })
  })
})
