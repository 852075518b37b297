// The application shell: health, OpenAPI, error shape, tool dispatch and the SPA fallback.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

describe('application shell', () => {
  let t: TestApp
  let web: string
  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'web-'))
    await mkdir(path.join(web, 'assets'))
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>NetToolbox</title><div id="root"></div>')
    await writeFile(path.join(web, 'assets', 'app.js'), 'console.log(1)')
    t = await createTestApp({ WEB_DIST: web, DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => {
    await t?.close()
    await rm(web, { recursive: true, force: true })
  })

  it('GET /healthz answers 200 when the database is usable', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', dataDirectory: 'ok' })
  })

  it('serves an OpenAPI document describing the DNS tool from its zod schema', async () => {
    const res = await t.app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    const op = doc.paths['/api/tools/dns'].post
    const body = op.requestBody.content['application/json'].schema
    expect(body.required).toContain('input')
    expect(body.properties.options.properties.type).toMatchObject({
      type: 'string',
      description: expect.stringContaining('TYPE65534'),
    })
    expect(op.responses['200']).toBeDefined()
  })

  it('answers 404 unknown_tool for an id outside the catalogue', async () => {
    const res = await checkTool(t, 'nmap', 'x')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { type: 'unknown_tool', message: 'Unknown tool' } })
  })

  it('answers 501 with a clear message for a catalogue tool not built yet', async () => {
    const res = await checkTool(t, 'ping', 'example.com')
    if (res.statusCode === 501) {
      expect(res.json()).toEqual({ error: { type: 'not_implemented', message: 'Ping is not available yet' } })
    } else {
      expect(res.statusCode).not.toBe(500)
    }
  })

  it('answers malformed JSON with 400 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/dns',
      headers: { 'content-type': 'application/json' },
      payload: '{"input":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('bad_request')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.json().error.type).toBe('not_found')
  })

  it('serves the SPA for known pages and with status 404 for unknown paths', async () => {
    const home = await t.app.inject('/dns-lookup')
    expect(home.statusCode).toBe(200)
    expect(home.headers['content-type']).toContain('text/html')
    const missing = await t.app.inject('/no-such-page')
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<div id="root">')
    const asset = await t.app.inject('/assets/app.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const res = await t.app.inject('/')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'self'")
  })

  it('streams a tool run as server-sent events ending with the result', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { server: '169.254.169.254' }, stream: true })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/event-stream')
    // Not no-store: Chromium reports a no-store stream read to its end as aborted (net::ERR_ABORTED).
    expect(res.headers['cache-control']).toBe('private, no-cache')
    const result = res.body.split('\n\n').find((e) => e.startsWith('event: result'))
    expect(result).toBeDefined()
    const answer = JSON.parse(String(result).split('data: ')[1] ?? '{}')
    expect(answer).toMatchObject({ tool: 'dns', status: 'failed', failureSource: 'policy' })
  })
})
