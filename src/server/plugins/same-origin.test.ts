import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerSameOriginRule } from './same-origin.ts'

describe('registerSameOriginRule()', () => {
  const app = Fastify()
  beforeAll(async () => {
    registerSameOriginRule(app, { trustedOrigins: ['https://tools.example.test', 'http://203.0.113.7:8080'] })
    app.post('/api/thing', async () => ({ ok: true }))
    app.delete('/api/thing', async () => ({ ok: true }))
    app.get('/api/thing', async () => ({ ok: true }))
    app.post('/not-api', async () => ({ ok: true }))
    app.post('/api/auth/sign-in', async () => ({ ok: true }))
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (headers: Record<string, string>, method: 'POST' | 'DELETE' | 'GET' = 'POST', url = '/api/thing') =>
    app.inject({ method, url, headers: { host: 'tools.example.test', ...headers } }).then((r) => r.statusCode)

  it('lets same-origin browser requests through', async () => {
    expect(await post({ origin: 'https://tools.example.test', 'sec-fetch-site': 'same-origin' })).toBe(200)
    expect(await post({ 'sec-fetch-site': 'same-origin' })).toBe(200)
  })

  it('accepts the configured extra origins, never one taken from the Host header', async () => {
    expect(await post({ origin: 'http://203.0.113.7:8080' })).toBe(200)
    expect(await post({ origin: 'http://tools.example.test' })).toBe(403)
    expect(await post({ host: 'evil.example', origin: 'http://evil.example' })).toBe(403)
    expect(await post({ origin: 'http://other.example.test' })).toBe(403)
  })

  it('lets requests without browser origin headers through (scripts, curl)', async () => {
    expect(await post({})).toBe(200)
  })

  it('refuses cross-site and same-site requests by Sec-Fetch-Site, whatever the Origin says', async () => {
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403)
    expect(await post({ 'sec-fetch-site': 'same-site', origin: 'https://tools.example.test' })).toBe(403)
    expect(await post({ 'sec-fetch-site': 'cross-site' }, 'DELETE')).toBe(403)
  })

  it('refuses a foreign or null Origin with the one error shape', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/thing', headers: { origin: 'https://attacker.example' } })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      error: { type: 'cross_origin_request', message: 'Cross-origin requests are not allowed' },
    })
    expect(await post({ origin: 'null' })).toBe(403)
  })

  it('lets API-token requests through from anywhere, but not to the account routes', async () => {
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }
    expect(await post({ ...crossSite, authorization: 'Bearer ntb_x' })).toBe(200)
    expect(await post({ ...crossSite, authorization: 'Basic eDp5' })).toBe(403)
    expect(await post({ ...crossSite, authorization: 'Bearer ntb_x' }, 'POST', '/api/auth/sign-in')).toBe(403)
  })

  it('applies to the route that answers, however the path is spelled', async () => {
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }
    expect(await post(crossSite, 'POST', '/%61pi/thing')).toBe(403)
    expect(await post(crossSite, 'DELETE', '/api/t%68ing?x=1')).toBe(403)
    expect(await post({ ...crossSite, authorization: 'Bearer ntb_x' }, 'POST', '/%61pi/auth/sign-in')).toBe(403)
    expect(await post(crossSite, 'POST', '/not-%61pi')).toBe(200)
  })

  it('leaves safe methods and paths outside /api/ alone', async () => {
    expect(await post({ origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' }, 'GET')).toBe(200)
    expect(await post({ origin: 'https://attacker.example' }, 'POST', '/not-api')).toBe(200)
  })
})
