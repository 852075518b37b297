// Personal API tokens through the real API on both databases: created from a session, shown once and
// stored hashed; a Bearer request acts as the account (history, shares) without the browser-origin
// check; revoked and unknown tokens answer 401; token requests have their own, larger rate budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { appBackends } from '../support/db/backends.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

const REVOKED = {
  error: {
    type: 'invalid_token',
    message: 'This API token is unknown or has been revoked. Create a new one on your dashboard.',
  },
}

describe.each(appBackends())('API tokens on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a DNS server and a signed-in user', () => {
    let dns: TableDns
    let t: TestApp
    let database: DatabaseHandle
    let alice: BrowserLikeClient

    /** A script's request: no cookies, no browser headers, only the token. */
    const withToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })
    const createToken = async (name: string) => {
      const res = await alice.post('/api/tokens', { name })
      expect(res.statusCode).toBe(201)
      return res.json()
    }

    beforeAll(async () => {
      await backend.setUp()
      dns = await startTableDns({ records: [{ name: 'token.test', type: 'A', data: '198.51.100.9' }] })
      ;({ t, database } = await backend.startApp({
        DNS_SERVERS: dns.endpoint,
        TARGET_ALLOW: '127.0.0.0/8',
        RATE_LIMIT_TOOLS_PER_MINUTE: '2',
        RATE_LIMIT_TOKEN_TOOLS_PER_MINUTE: '4',
      }))
      alice = await signUpVerified(t.app, 'alice@example.test', 'alice-secret', (a) => latestOutboxMail(t.dataDir, a))
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await dns?.stop()
      await backend.tearDown()
    })

    it('creates a token shown once and keeps only its hash', async () => {
      const created = await createToken('CI pipeline')
      expect(created).toEqual({
        id: expect.any(String),
        name: 'CI pipeline',
        token: expect.stringMatching(/^ntb_[A-Za-z0-9_-]{43}$/),
        // Without a choice, every scope and no expiry, as before scopes existed.
        scopes: ['results:read', 'tools:run', 'monitors:manage'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expiresAt: null,
      })
      const row = await database.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(row)).not.toContain(created.token.slice(4))
      const list = (await alice.get('/api/tokens')).json()
      expect(list.items).toContainEqual({
        id: created.id,
        name: 'CI pipeline',
        hint: `${created.token.slice(0, 8)}…`,
        scopes: ['results:read', 'tools:run', 'monitors:manage'],
        createdAt: created.createdAt,
        expiresAt: null,
        lastUsedAt: null,
      })
      expect(JSON.stringify(list)).not.toContain(created.token)
    })

    it('acts as the account: saves history, shares the run, skips the origin check', async () => {
      const { token } = await createToken('script')
      const run = await withToken(token, 'POST', '/api/tools/dns', { input: 'token.test' })
      expect(run.statusCode).toBe(200)
      expect(run.json()).toMatchObject({ status: 'ok', saved: true })
      const history = await withToken(token, 'GET', '/api/history')
      expect(history.json().items[0]).toMatchObject({ toolName: 'dns', inputValue: 'token.test' })

      const shared = await t.app.inject({
        method: 'POST',
        url: '/api/results',
        payload: { runId: run.json().runId },
        headers: {
          authorization: `Bearer ${token}`,
          origin: 'https://elsewhere.example',
          'sec-fetch-site': 'cross-site',
        },
      })
      expect(shared.statusCode).toBe(201)
      expect(shared.json().deleteToken).toBeUndefined()
      // The browser session of the same account owns the share too.
      const pin = await alice.request({
        method: 'PATCH',
        url: `/api/results/${shared.json().id}`,
        payload: { pinned: true },
      })
      expect(pin.statusCode).toBe(200)
      const tokens = (await alice.get('/api/tokens')).json().items
      expect(tokens.find((i: { name: string }) => i.name === 'script').lastUsedAt).toMatch(/^\d{4}-/)
    })

    it('saves a phone lookup made with a token to the account history', async () => {
      const { token } = await createToken('phone script')
      const lookup = await withToken(token, 'POST', '/api/phone-lookup', { phoneNumber: '+1 202 555 0143' })
      expect(lookup.statusCode).toBe(200)
      const history = await withToken(token, 'GET', '/api/history')
      expect(history.json().items[0]).toMatchObject({ toolName: 'phone-lookup', inputValue: '+1 202 555 0143' })
    })

    it('answers 401 once a token is revoked, and for unknown tokens', async () => {
      const { id, token } = await createToken('to revoke')
      expect((await withToken(token, 'GET', '/api/history')).statusCode).toBe(200)
      expect((await alice.request({ method: 'DELETE', url: `/api/tokens/${id}` })).statusCode).toBe(204)
      const refused = await withToken(token, 'POST', '/api/tools/dns', { input: 'token.test' })
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toEqual(REVOKED)
      expect((await withToken('ntb_made-up', 'GET', '/api/history')).json()).toEqual(REVOKED)
      expect((await withToken('not-even-ours', 'GET', '/api/results/x')).statusCode).toBe(401)
      expect((await alice.request({ method: 'DELETE', url: `/api/tokens/${id}` })).statusCode).toBe(404)
    })

    it('manages tokens only from a signed-in browser session, with clear messages', async () => {
      const { token } = await createToken('no minting')
      const minted = await withToken(token, 'POST', '/api/tokens', { name: 'child' })
      expect(minted.statusCode).toBe(403)
      expect(minted.json().error.message).toBe('API tokens are managed on the website, not with an API token')
      const signedOut = await t.app.inject({ method: 'GET', url: '/api/tokens' })
      expect(signedOut.statusCode).toBe(401)
      expect(signedOut.json().error.message).toBe('Sign in to manage API tokens')
      const unnamed = await alice.post('/api/tokens', { name: '   ' })
      expect(unnamed.statusCode).toBe(400)
      expect(unnamed.json().error.message).toBe('Give the token a name')
    })

    it('gives token requests their own larger budget, counted per account', async () => {
      const { token } = await createToken('busy script')
      const other = await createToken('second script')
      // The address budget (2 a minute) is spent by plain requests...
      const plain = () => checkTool(t, 'dns', 'token.test')
      const statuses = [await plain(), await plain(), await plain()].map((r) => r.statusCode)
      expect(statuses).toEqual([200, 200, 429])
      // ...while the account's tokens together may run 4 a minute from the same address: a tool run
      // and a phone lookup of earlier tests (one budget), two more here (with either token), then
      // both are refused.
      const results: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await withToken(i % 2 ? other.token : token, 'POST', '/api/tools/dns', { input: 'token.test' })
        results.push(res.statusCode)
      }
      expect(results).toEqual([200, 200, 429, 429, 429])
      const refused = await withToken(token, 'POST', '/api/tools/dns', { input: 'token.test' })
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.message).toMatch(
        /^Too many tool runs from your account's API tokens\. Try again in \d+ s\.$/,
      )
    })
  })
})
