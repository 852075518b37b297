// API token scopes and expiry through the real API on both databases: each scope lets its routes
// through and a token without it gets 403 naming the missing scope; an expired token gets 401 saying
// when it expired; a token stored without scopes (as before scopes existed) can do everything; and
// every API route of the app has a decision in the scope table.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { ruleFor } from '../../src/server/modules/tokens/route-scopes.ts'
import { TOKEN_SCOPES, type TokenScope } from '../../src/shared/api-tokens.ts'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends } from '../support/db/backends.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

const DAY_MS = 24 * 60 * 60_000

/** Every route of the app as [method, pattern], from Fastify's own route table. */
function routesOf(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line)
    if (!match?.[1] || !match[2]) continue
    for (const method of match[2].split(', ')) routes.push([method, match[1]])
  }
  return routes
}

describe.each(appBackends())('API token scopes on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a DNS server and a signed-in user', () => {
    let dns: TableDns
    let t: TestApp
    let database: DatabaseHandle
    let owner: BrowserLikeClient

    const createToken = async (scopes: TokenScope[], expiresInDays: number | null = null) => {
      const res = await owner.post('/api/tokens', { name: scopes.join('+'), scopes, expiresInDays })
      expect(res.statusCode).toBe(201)
      return res.json() as {
        id: string
        token: string
        scopes: TokenScope[]
        createdAt: string
        expiresAt: string | null
      }
    }
    const withToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })
    const runDns = (token: string) => withToken(token, 'POST', '/api/tools/dns', { input: 'scope.test' })
    const newMonitor = (token: string) =>
      withToken(token, 'POST', '/api/monitors', {
        kind: 'dns',
        target: 'scope.test',
        name: 'scoped',
        settings: { type: 'A' },
      })

    beforeAll(async () => {
      await backend.setUp()
      dns = await startTableDns({ records: [{ name: 'scope.test', type: 'A', data: '198.51.100.7' }] })
      ;({ t, database } = await backend.startApp({ DNS_SERVERS: dns.endpoint, TARGET_ALLOW: '127.0.0.0/8' }))
      owner = await signUpVerified(t.app, 'scopes@example.test', 'scope-secret', (a) => latestOutboxMail(t.dataDir, a))
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await dns?.stop()
      await backend.tearDown()
    })

    it('results:read reads the history; running a tool or managing monitors is refused, naming the scope', async () => {
      const { token } = await createToken(['results:read'])
      expect((await withToken(token, 'GET', '/api/history')).statusCode).toBe(200)
      const run = await runDns(token)
      expect(run.statusCode).toBe(403)
      expect(run.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="tools:run"')
      expect(run.json()).toEqual({
        error: {
          type: 'insufficient_scope',
          message:
            'This API token lacks the scope "tools:run" needed for POST /api/tools/dns. Create a token with this scope on your dashboard.',
        },
      })
      const monitors = await withToken(token, 'GET', '/api/monitors')
      expect(monitors.statusCode).toBe(403)
      expect(monitors.json().error.message).toContain('"monitors:manage"')
    })

    it('tools:run runs a tool and shares the run; reading the history is refused', async () => {
      const { token } = await createToken(['tools:run'])
      const run = await runDns(token)
      expect(run.statusCode).toBe(200)
      expect(run.json()).toMatchObject({ status: 'ok', saved: true })
      const share = await withToken(token, 'POST', '/api/results', { runId: run.json().runId })
      expect(share.statusCode).toBe(201)
      const history = await withToken(token, 'GET', '/api/history')
      expect(history.statusCode).toBe(403)
      expect(history.json().error.message).toBe(
        'This API token lacks the scope "results:read" needed for GET /api/history. Create a token with this scope on your dashboard.',
      )
      // Pinning a share is working with stored results: results:read.
      const pin = await t.app.inject({
        method: 'PATCH',
        url: `/api/results/${share.json().id}`,
        payload: { pinned: true },
        headers: { authorization: `Bearer ${token}` },
      })
      expect(pin.statusCode).toBe(403)
      expect((await newMonitor(token)).statusCode).toBe(403)
    })

    it('monitors:manage creates, lists and deletes monitors; running a tool is refused', async () => {
      const { token } = await createToken(['monitors:manage'])
      const created = await newMonitor(token)
      expect(created.statusCode).toBe(201)
      const list = await withToken(token, 'GET', '/api/monitors')
      expect(list.json().items.map((m: { id: string }) => m.id)).toContain(created.json().id)
      expect((await withToken(token, 'DELETE', `/api/monitors/${created.json().id}`)).statusCode).toBe(204)
      expect((await runDns(token)).statusCode).toBe(403)
    })

    it('keeps the chosen scopes and expiry, and lists them', async () => {
      const made = await createToken(['tools:run', 'results:read'], 30)
      expect(made.scopes).toEqual(['results:read', 'tools:run'])
      expect(Date.parse(made.expiresAt ?? '') - Date.parse(made.createdAt)).toBe(30 * DAY_MS)
      const listed = (await owner.get('/api/tokens')).json().items.find((i: { id: string }) => i.id === made.id)
      expect(listed).toMatchObject({ scopes: ['results:read', 'tools:run'], expiresAt: made.expiresAt })
    })

    it('refuses bad scopes and expiries with clear messages', async () => {
      const none = await owner.post('/api/tokens', { name: 'x', scopes: [] })
      expect(none.statusCode).toBe(400)
      expect(none.json().error.message).toBe('Choose at least one scope')
      const unknown = await owner.post('/api/tokens', { name: 'x', scopes: ['admin'] })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error.message).toBe('Scopes are results:read, tools:run, monitors:manage')
      const odd = await owner.post('/api/tokens', { name: 'x', expiresInDays: 12 })
      expect(odd.statusCode).toBe(400)
      expect(odd.json().error.message).toBe('The expiry is one of 7, 30, 90, 365 days, or null for never')
    })

    it('answers 401 saying when an expired token expired, and still lists it', async () => {
      const made = await createToken([...TOKEN_SCOPES], 7)
      expect((await runDns(made.token)).statusCode).toBe(200)
      const expiredAt = new Date(Date.now() - 60_000).toISOString()
      await database.db.updateTable('api_tokens').set({ expires_at: expiredAt }).where('id', '=', made.id).execute()
      const refused = await runDns(made.token)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error.type).toBe('token_expired')
      expect(refused.json().error.message).toBe(
        `This API token expired on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(expiredAt))} (${expiredAt}). Create a new one on your dashboard.`,
      )
      const listed = (await owner.get('/api/tokens')).json().items.find((i: { id: string }) => i.id === made.id)
      expect(listed.expiresAt).toBe(expiredAt)
    })

    it('gives a token stored without scopes or expiry (made before they existed) every scope', async () => {
      const { token, id } = await createToken(['results:read'])
      const user = await database.db
        .selectFrom('api_tokens')
        .select(['user_id', 'token_hash'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      await database.db.deleteFrom('api_tokens').where('id', '=', id).execute()
      // Only the columns that existed before: the migration's defaults fill in the rest.
      await database.db
        .insertInto('api_tokens')
        .values({
          id,
          user_id: user.user_id,
          name: 'old',
          token_hash: user.token_hash,
          hint: 'ntb_…',
          created_at: new Date().toISOString(),
        })
        .execute()
      expect((await runDns(token)).statusCode).toBe(200)
      expect((await withToken(token, 'GET', '/api/history')).statusCode).toBe(200)
      expect((await withToken(token, 'GET', '/api/monitors')).statusCode).toBe(200)
      const listed = (await owner.get('/api/tokens')).json().items.find((i: { id: string }) => i.id === id)
      expect(listed).toMatchObject({ scopes: [...TOKEN_SCOPES], expiresAt: null })
    })

    it('has a scope decision for every API route of the app', () => {
      const api = routesOf(t.app).filter(
        ([method, route]) => route.startsWith('/api/') && !route.startsWith('/api/auth/') && method !== 'HEAD',
      )
      expect(api.length).toBeGreaterThan(20)
      expect(api.filter(([method, route]) => !ruleFor(method, route)).map((r) => r.join(' '))).toEqual([])
    })
  })
})
