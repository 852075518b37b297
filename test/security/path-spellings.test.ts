// One path, one rule: however a request spells the path of an API route (percent-escapes, doubled
// escapes, dot segments, doubled or trailing slashes, case, ;parameters, absolute-form targets), it
// reaches that route under the route's own rules — the same-origin rule, API tokens, the API's
// security headers — or it reaches no route (404). Every route is taken from the app itself, so a
// route added later is covered without being listed here. Requests go over real HTTP to the app on
// loopback: app.inject would resolve dot segments before the server ever saw them.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_CONTENT_SECURITY_POLICY } from '../../src/server/plugins/security-headers.ts'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified, TEST_PUBLIC_URL } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { freePort } from '../support/net/ports.ts'
import { spellingsOf } from './path-spellings.ts'
import { type AppRoute, routesOf } from './route-table.ts'

const EMAIL = 'spellings@example.test'
const PASSWORD = 'spellings-secret'
const CROSS_SITE = { origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' }
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Methods sent with a JSON body ({}); DELETE goes without, as the web app sends it. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
/** Answered beside the site, before any of its hooks (src/server/app.ts): public, read-only. */
const OUTSIDE_THE_SITE = new Set(['/api/ip'])

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A route's spellings go out together, over a few kept-alive connections. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })

/** Sends `target` exactly as written (node:http does not resolve dot segments or escapes). */
function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body = BODY_METHODS.has(method) ? '{}' : undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        agent,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
        signal: AbortSignal.timeout(10_000),
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const errorTypeOf = (answer: Answer): string | undefined => {
  try {
    return JSON.parse(answer.body)?.error?.type
  } catch {
    return undefined
  }
}

/** A URL the router cannot read (a broken percent-escape): refused before routing. */
const isUnreadable = (answer: Answer) =>
  answer.status === 400 && errorTypeOf(answer) === 'bad_request' && answer.body.includes('is not a valid url component')

/** The router found no route for the path (the 404 of src/server/plugins/web.ts), not a handler's 404. */
const isNoRoute = (answer: Answer) =>
  answer.status === 404 && /^\{"error":\{"type":"not_found","message":"No route for /.test(answer.body)

describe('other spellings of an API path', () => {
  let t: TestApp
  let port: number
  let alice: BrowserLikeClient
  let cookie: string
  let routes: AppRoute[]
  let monitorId: string
  let liveToken: { id: string }
  let revokedToken: string

  /** A concrete path of a route pattern: alice's own monitor and token where the route takes one. */
  const pathOf = (route: string) =>
    route
      .replace(/^\/api\/monitors\/:id/, `/api/monitors/${monitorId}`)
      .replace(/^\/api\/tokens\/:id/, `/api/tokens/${liveToken.id}`)
      .replace(/:tool\b/, 'dns')
      .replace(/:id\b/, randomUUID())
      .replace(/\*$/, 'sign-out')

  beforeAll(async () => {
    // Paused monitors check nothing; the DNS servers are a closed loopback port all the same.
    t = await createTestApp({ DNS_SERVERS: `127.0.0.1:${await freePort()}` })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
    routes = routesOf(t.app)
    alice = await signUpVerified(t.app, EMAIL, PASSWORD, (address) => latestOutboxMail(t.dataDir, address))
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: EMAIL, password: PASSWORD },
    })
    expect(signIn.statusCode).toBe(200)
    cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const monitor = await alice.post('/api/monitors', {
      kind: 'dns',
      target: 'watch.example.test',
      name: 'Watch',
      paused: true,
    })
    expect(monitor.statusCode).toBe(201)
    monitorId = monitor.json().id
    liveToken = (await alice.post('/api/tokens', { name: 'live' })).json()
    const doomed = (await alice.post('/api/tokens', { name: 'revoked' })).json()
    expect((await alice.request({ method: 'DELETE', url: `/api/tokens/${doomed.id}` })).statusCode).toBe(204)
    revokedToken = doomed.token
  })
  afterAll(async () => {
    agent.destroy()
    await t?.close()
  })

  /** Alice's account as it stands: her monitor's secret state and her tokens. */
  const accountState = async () => ({
    monitor: (await alice.get(`/api/monitors/${monitorId}`)).statusCode,
    tokens: (await alice.get('/api/tokens'))
      .json()
      .items.map((token: { id: string }) => token.id)
      .sort(),
  })

  it('reads every route from the app, the state-changing ones all under /api/', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`)
    for (const known of [
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
      'DELETE /api/monitors/:id',
      'POST /api/monitors/:id/webhook-secret',
      'POST /api/auth/*',
      'POST /api/tools/dns',
      'GET /healthz',
    ])
      expect(names).toContain(known)
    // A state-changing route elsewhere would need its own decision about the same-origin rule.
    const elsewhere = routes.filter((route) => STATE_CHANGING.has(route.method) && !route.url.startsWith('/api/'))
    expect(elsewhere).toEqual([])
  })

  it('refuses the reported requests: a cross-site session on /%61pi/… and a revoked token', async () => {
    const before = await accountState()
    const crossSite = { ...CROSS_SITE, cookie }
    const secret = await send(port, 'POST', `/%61pi/monitors/${monitorId}/webhook-secret`, crossSite)
    const removal = await send(port, 'DELETE', `/%61pi/monitors/${monitorId}`, crossSite)
    const creation = await send(port, 'POST', '/%61pi/tokens', crossSite)
    for (const answer of [secret, removal, creation]) {
      expect(answer.status).toBe(403)
      expect(errorTypeOf(answer)).toBe('cross_origin_request')
      expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
    }
    const revoked = await send(port, 'POST', '/%61pi/tools/whatismyip', { authorization: `Bearer ${revokedToken}` })
    expect(revoked.status).toBe(401)
    expect(errorTypeOf(revoked)).toBe('invalid_token')
    expect(await accountState()).toEqual(before)
  })

  it('serves pages only to GET and HEAD, and never a page for an API path however it is spelled', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const target of ['/', '/dns-lookup', '/no-such-page', `/r/${randomUUID()}`]) {
        const answer = await send(port, method, target, {})
        expect(`${method} ${target}: ${isNoRoute(answer)}`).toBe(`${method} ${target}: true`)
      }
    for (const target of ['/%61pi/no-such-route', '/API/tokens', '/%2561pi/tokens', '/x/%2e%2e/api/nothing']) {
      const answer = await send(port, 'GET', target, {})
      expect(`${target}: ${isNoRoute(answer)}`).toBe(`${target}: true`)
      expect(answer.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
    }
  })

  it("hands better-auth only paths spelled /api/auth/…, on the site's own origin", async () => {
    const credentials = JSON.stringify({ email: EMAIL, password: PASSWORD })
    const signIn = (target: string) => send(port, 'POST', target, { origin: TEST_PUBLIC_URL }, credentials)
    const encoded = await signIn('/%61pi/auth/sign-in/email')
    expect(isNoRoute(encoded)).toBe(true)
    expect(encoded.headers['set-cookie']).toBeUndefined()
    expect(encoded.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
    const absolute = await signIn('http://attacker.test/api/auth/sign-in/email')
    expect(absolute.status).toBe(200)
    expect(String(absolute.headers['set-cookie'])).toMatch(/session_token=/)
  })

  /**
   * Sends each route's canonical path, which must get `refusal` (status and error type), then every
   * other spelling of it at once: each must get the same refusal, find no route, or be unreadable,
   * and carry the API's policy. Returns the failures, and how many spellings were sent.
   */
  async function fuzzRoutes(selected: AppRoute[], headers: Record<string, string>, refusal: [number, string]) {
    const failures: string[] = []
    let sent = 0
    for (const route of selected) {
      const path = pathOf(route.url)
      const canonical = await send(port, route.method, path, headers)
      const expected = `${route.method} ${path}: ${refusal.join(' ')}`
      expect(`${route.method} ${path}: ${canonical.status} ${errorTypeOf(canonical)}`).toBe(expected)
      await Promise.all(
        spellingsOf(path).map(async ({ name, target }) => {
          const answer = await send(port, route.method, target, headers)
          sent++
          const refused = answer.status === refusal[0] && errorTypeOf(answer) === refusal[1]
          if (!refused && !isNoRoute(answer) && !isUnreadable(answer))
            failures.push(`${route.method} ${target} (${name}): ${answer.status} ${answer.body.slice(0, 80)}`)
          if (answer.headers['content-security-policy'] !== API_CONTENT_SECURITY_POLICY)
            failures.push(`${route.method} ${target} (${name}): not the API's policy`)
        }),
      )
    }
    return { failures, sent }
  }

  /** The routes an API token may be sent to: the API's, but better-auth's and those beside the site. */
  const tokenRoutes = () =>
    routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/auth/') &&
        !OUTSIDE_THE_SITE.has(r.url),
    )

  it('gives every state-changing route the same-origin rule under every spelling, with the API headers', async () => {
    const before = await accountState()
    const selected = routes.filter((r) => STATE_CHANGING.has(r.method))
    const { failures, sent } = await fuzzRoutes(selected, { ...CROSS_SITE, cookie }, [403, 'cross_origin_request'])
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(selected.length * 20)
    expect(await accountState()).toEqual(before)
  })

  it('refuses a revoked API token on every state-changing API route under every spelling', async () => {
    const before = await accountState()
    const selected = tokenRoutes().filter((r) => STATE_CHANGING.has(r.method))
    const headers = { authorization: `Bearer ${revokedToken}` }
    const { failures, sent } = await fuzzRoutes(selected, headers, [401, 'invalid_token'])
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(selected.length * 20)
    expect(await accountState()).toEqual(before)
  })

  it('refuses a revoked API token on every reading API route under every spelling', async () => {
    const selected = tokenRoutes().filter((r) => !STATE_CHANGING.has(r.method))
    expect(selected.map((r) => r.url)).toContain('/api/history')
    const headers = { authorization: `Bearer ${revokedToken}` }
    const { failures } = await fuzzRoutes(selected, headers, [401, 'invalid_token'])
    expect(failures).toEqual([])
  })
})
