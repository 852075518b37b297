// What every answer tells the browser: a strict Content-Security-Policy (no foreign script and no
// inline script but two fixed ones on pages; nothing at all in API answers), framing only by our own pages, HSTS behind https, and session cookies that scripts
// cannot read, sent only over https when the site is served over https.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INLINE_SCRIPT_SOURCES } from '../../src/server/plugins/boot-script.ts'
import { createClient, type InjectResponse, latestOutboxMail, pathOf } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

function directives(res: InjectResponse): Map<string, string[]> {
  const policy = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  )
}

/** API answers (JSON, text) load nothing at all: a stricter and much shorter policy. */
function expectApiPolicy(res: InjectResponse) {
  const csp = directives(res)
  expect(csp.get('default-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(csp.get('form-action')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'self'"])
  expect([...csp.keys()].sort()).toEqual(['base-uri', 'default-src', 'form-action', 'frame-ancestors'])
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('no-referrer')
}

function expectStrictPolicy(res: InjectResponse) {
  const csp = directives(res)
  expect(csp.get('default-src')).toEqual(["'self'"])
  // Our own scripts and the two fixed inline ones (the theme before the first paint, the loader after).
  expect(csp.get('script-src')).toEqual(["'self'", ...INLINE_SCRIPT_SOURCES])
  expect(csp.get('script-src-attr')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'self'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  expect(csp.get('frame-ancestors')).toEqual(["'self'"])
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('no-referrer')
}

/** Every Set-Cookie header of an answer, split into name and lower-cased attributes. */
function cookiesOf(res: InjectResponse): Array<{ name: string; attributes: string[] }> {
  const header = res.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header ? [header] : []
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim())
    return { name: pair.split('=')[0] ?? '', attributes: attributes.map((a) => a.toLowerCase()) }
  })
}

describe('security headers over plain http', () => {
  let t: TestApp
  let web: string
  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'web-'))
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>NetToolbox</title><div id="root"></div>')
    t = await createTestApp({ WEB_DIST: web, RATE_LIMIT_EVENTS_PER_MINUTE: '1' })
  })
  afterAll(async () => {
    await t?.close()
    await rm(web, { recursive: true, force: true })
  })

  it('sends the strict policy with pages, and the stricter API policy with API answers, errors and refusals alike', async () => {
    expectStrictPolicy(await t.app.inject('/dns-lookup'))
    expectStrictPolicy(await t.app.inject('/no-such-page'))
    expectApiPolicy(await t.app.inject({ url: '/api/ip', headers: { accept: 'application/json' } }))
    expectApiPolicy(await t.app.inject('/api/ip'))
    expectApiPolicy(await t.app.inject('/api/nothing-here'))
    const event = () => t.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'page_view' } })
    await event()
    const refused = await event()
    expect(refused.statusCode).toBe(429)
    expectApiPolicy(refused)
  })

  it('does not send HSTS when the site is not served over https', async () => {
    expect((await t.app.inject('/')).headers['strict-transport-security']).toBeUndefined()
  })

  it('serves no security.txt while no security contact is configured', async () => {
    const res = await t.app.inject('/.well-known/security.txt')
    expect(res.statusCode).toBe(404)
  })
})

describe('security headers and cookies behind https (PUBLIC_URL https)', () => {
  const origin = 'https://tools.example.test'
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: origin, SECURITY_CONTACT: 'security@tools.example.test' })
  })
  afterAll(async () => t?.close())

  it('names the configured SECURITY_CONTACT in security.txt', async () => {
    const res = await t.app.inject('/.well-known/security.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain('Contact: mailto:security@tools.example.test\n')
    expect(res.body).toContain('Canonical: https://tools.example.test/.well-known/security.txt\n')
  })

  it('sends HSTS for a year, subdomains included, on every answer', async () => {
    for (const url of ['/', '/api/ip', '/healthz']) {
      expect((await t.app.inject(url)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('sets every cookie of sign-up verification and sign-in Secure, HttpOnly, SameSite=Lax and __Secure- prefixed', async () => {
    const client = createClient(t.app, origin)
    const signUp = await client.post('/api/auth/sign-up/email', {
      email: 'gus@example.test',
      password: 'gus-secret-1',
      name: '',
    })
    expect(signUp.statusCode).toBe(200)
    const link = (await latestOutboxMail(t.dataDir, 'gus@example.test')).links[0] ?? ''
    const verified = await client.get(pathOf(link))
    const signIn = await createClient(t.app, origin).post('/api/auth/sign-in/email', {
      email: 'gus@example.test',
      password: 'gus-secret-1',
    })
    expect(signIn.statusCode).toBe(200)
    for (const res of [verified, signIn]) {
      const cookies = cookiesOf(res)
      expect(cookies.map((c) => c.name)).toContain('__Secure-nettoolbox.session_token')
      for (const cookie of cookies) {
        expect(cookie.name.startsWith('__Secure-')).toBe(true)
        expect(cookie.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']))
      }
    }
  })
})

const builtIndex = path.resolve('dist/web/index.html')
if (!existsSync(builtIndex)) console.warn('SKIPPED: the built page check needs the web bundle (npm run build)')

describe.skipIf(!existsSync(builtIndex))('the built page under this policy', () => {
  it('loads every script from a file of our own origin: no inline script, no foreign script', () => {
    const html = readFileSync(builtIndex, 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/[^/]/)
      expect(body.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+=/i)
  })
})
