// The OpenAPI document the API reference page renders: every tool with its request body and a curl
// example, the results and tokens operations, and the bearer scheme of API tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOOL_IDS } from '../../src/shared/catalogue.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

describe('GET /api/openapi.json', () => {
  let t: TestApp
  let doc: {
    // biome-ignore lint/suspicious/noExplicitAny: the parsed JSON document is walked freely
    paths: Record<string, Record<string, Record<string, any>>>
    components: { securitySchemes: Record<string, unknown> }
    security: unknown
  }
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tools.example.test' })
    const res = await t.app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    doc = res.json()
  })
  afterAll(() => t?.close())

  it.each(TOOL_IDS)('describes POST /api/tools/%s with its body and a curl example', (id) => {
    const op = doc.paths[`/api/tools/${id}`]?.post
    expect(op, `no operation for ${id}`).toBeDefined()
    const body = op?.requestBody.content['application/json'].schema
    expect(body.properties.input).toBeDefined()
    expect(op?.responses['200'].content['application/json'].schema.properties.runId).toEqual({ type: 'string' })
    const [sample] = op?.['x-codeSamples'] ?? []
    expect(sample.lang).toBe('Shell')
    expect(sample.source).toContain(`curl -X POST 'https://tools.example.test/api/tools/${id}'`)
    expect(sample.source).toContain('-d \'{"input":')
  })

  it('describes the results and tokens operations', () => {
    expect(Object.keys(doc.paths['/api/results'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/results/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch'])
    expect(Object.keys(doc.paths['/api/tokens'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/api/tokens/{id}'] ?? {})).toEqual(['delete'])
    const share = doc.paths['/api/results']?.post
    expect(share?.requestBody.content['application/json'].schema.required).toEqual(['runId'])
    expect(Object.keys(share?.responses ?? {})).toEqual(expect.arrayContaining(['201', '403', '404']))
  })

  it('declares the bearer scheme of API tokens, optional on every operation', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.security).toEqual([{ bearerAuth: [] }, {}])
  })
})

describe('the API reference page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('is served from our origin: the page, its start script and the bundle (compressed when accepted)', async () => {
    const page = await t.app.inject('/docs/api')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])
    expect(scripts).toEqual(['/docs/api/scalar.js', '/docs/api/init.js'])
    const init = await t.app.inject('/docs/api/init.js')
    expect(init.body).toContain("url: '/api/openapi.json'")
    expect(init.body).toContain('withDefaultFonts: false')
    const bundle = await t.app.inject({ url: '/docs/api/scalar.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-encoding']).toBe('gzip')
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(bundle.rawPayload.length).toBeGreaterThan(100_000)
  })
})
