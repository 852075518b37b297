// The account API as a browser meets it: cookie attributes, hidden session tokens, sign-out,
// change password, origin checks, the outbox without SMTP, and the per-IP and per-email limits.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BrowserLikeClient,
  createClient,
  latestOutboxMail,
  signInWrongly,
  signUpVerified,
} from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

describe('account API without SMTP (outbox)', () => {
  let t: TestApp
  let erin: BrowserLikeClient
  const mailTo = (address: string) => latestOutboxMail(t.dataDir, address)

  beforeAll(async () => {
    t = await createTestApp()
    erin = await signUpVerified(t.app, 'erin@example.test', 'erin-secret', mailTo)
  })
  afterAll(async () => t?.close())

  it('writes account mails as .eml files to <DATA_DIR>/outbox', async () => {
    const files = await readdir(path.join(t.dataDir, 'outbox'))
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1)
    const mail = await mailTo('erin@example.test')
    expect(mail.subject).toBe('Confirm your NetToolbox account')
  })

  it('sets an httpOnly SameSite=Lax session cookie, not Secure on plain http', async () => {
    const res = await createClient(t.app).post('/api/auth/sign-in/email', {
      email: 'erin@example.test',
      password: 'erin-secret',
    })
    expect(res.statusCode).toBe(200)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^nettoolbox\.session_token=/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')
  })

  it('never shows the session token to page scripts', async () => {
    const signIn = await createClient(t.app).post('/api/auth/sign-in/email', {
      email: 'erin@example.test',
      password: 'erin-secret',
    })
    expect(signIn.json()).not.toHaveProperty('token')
    expect(signIn.json().user.email).toBe('erin@example.test')
    const session = (await erin.get('/api/auth/get-session')).json()
    expect(session.user.email).toBe('erin@example.test')
    expect(session.session).not.toHaveProperty('token')
  })

  it('refuses a sign-in posted from another origin', async () => {
    const res = await createClient(t.app, 'http://attacker.example').post('/api/auth/sign-in/email', {
      email: 'erin@example.test',
      password: 'erin-secret',
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a sign-in whose Origin only matches the Host header it was sent with', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', 'content-type': 'application/json' },
      payload: { email: 'erin@example.test', password: 'erin-secret' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('changes the password only with the current one, then the old one stops working', async () => {
    const wrong = await erin.post('/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'erin-next',
      revokeOtherSessions: true,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Invalid password')
    const right = await erin.post('/api/auth/change-password', {
      currentPassword: 'erin-secret',
      newPassword: 'erin-next',
      revokeOtherSessions: true,
    })
    expect(right.statusCode).toBe(200)
    expect((await erin.get('/api/auth/get-session')).json().user.email).toBe('erin@example.test')
    const old = await createClient(t.app).post('/api/auth/sign-in/email', {
      email: 'erin@example.test',
      password: 'erin-secret',
    })
    expect(old.statusCode).toBe(401)
    expect(old.json().message).toBe('Invalid email or password')
  })

  it('refuses to change the password without a session', async () => {
    const res = await createClient(t.app).post('/api/auth/change-password', {
      currentPassword: 'a-b-c-d',
      newPassword: 'e-f-g-h',
    })
    expect(res.statusCode).toBe(401)
  })

  it('signs out: the cookie is cleared and the session ends', async () => {
    const client = createClient(t.app)
    await client.post('/api/auth/sign-in/email', { email: 'erin@example.test', password: 'erin-next' })
    expect(client.hasSession()).toBe(true)
    const out = await client.post('/api/auth/sign-out')
    expect(out.statusCode).toBe(200)
    expect(client.hasSession()).toBe(false)
    expect((await client.get('/api/history')).statusCode).toBe(401)
  })
})

describe('account API behind https', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tools.example.test' })
  })
  afterAll(async () => t?.close())

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const mailTo = (address: string) => latestOutboxMail(t.dataDir, address)
    const client = createClient(t.app, 'https://tools.example.test')
    await client.post('/api/auth/sign-up/email', { email: 'finn@example.test', password: 'finn-secret', name: '' })
    const link = (await mailTo('finn@example.test')).links[0] ?? ''
    expect(link.startsWith('https://tools.example.test/api/auth/verify-email')).toBe(true)
    const res = await client.get(new URL(link).pathname + new URL(link).search)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^__Secure-nettoolbox\.session_token=/)
    expect(cookie).toContain('Secure')
  })
})

describe('rate limits of the account API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  const attempt = (email: string, remoteAddress: string) => signInWrongly(t.app, email, remoteAddress)

  it('limits sign-in attempts per IP address (10 a minute)', async () => {
    const codes = []
    for (let i = 0; i < 11; i++) codes.push((await attempt(`user${i}@example.test`, '127.0.0.21')).statusCode)
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true)
    expect(codes[10]).toBe(429)
    expect((await attempt('someone@example.test', '127.0.0.22')).statusCode).toBe(401)
  })

  it('never limits reading the session, which every page load does', async () => {
    const codes = new Set<number>()
    for (let i = 0; i < 120; i++) {
      codes.add((await t.app.inject({ url: '/api/auth/get-session', remoteAddress: '127.0.0.31' })).statusCode)
    }
    expect([...codes]).toEqual([200])
  })

  it('never locks an account as a whole: a clean address still gets an answer after many failures elsewhere', async () => {
    const codes = []
    for (let i = 0; i < 11; i++) codes.push((await attempt('target@example.test', `127.0.1.${i + 1}`)).statusCode)
    expect(codes.every((c) => c === 401)).toBe(true)
    expect((await attempt('TARGET@example.test', '127.0.2.1')).statusCode).toBe(401)
    for (let i = 0; i < 3; i++) await attempt('target@example.test', '127.0.2.2')
    const held = await attempt('target@example.test', '127.0.2.2')
    expect(held.statusCode).toBe(429)
    expect(held.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' })
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('trusted origins and sessions after a password change', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: 'http://203.0.113.7:8080' })
  })
  afterAll(async () => t?.close())

  it('accepts browsers from ALLOWED_ORIGINS as well as PUBLIC_URL, and no other origin', async () => {
    const signIn = (origin: string) =>
      createClient(t.app, origin).post('/api/auth/sign-in/email', {
        email: 'nobody@example.test',
        password: 'wrong-password',
      })
    // 401: the origin passed both our rule and better-auth's own check; the password did not.
    expect((await signIn('http://203.0.113.7:8080')).statusCode).toBe(401)
    expect((await signIn('http://localhost:8080')).statusCode).toBe(401)
    expect((await signIn('http://203.0.113.8:8080')).statusCode).toBe(403)
  })

  it('signs out every other session when the password changes, unless asked to keep them', async () => {
    const mailTo = (to: string) => latestOutboxMail(t.dataDir, to)
    const laptop = await signUpVerified(t.app, 'fay@example.test', 'fay-secret-1', mailTo)
    const phone = createClient(t.app)
    expect(
      (await phone.post('/api/auth/sign-in/email', { email: 'fay@example.test', password: 'fay-secret-1' })).statusCode,
    ).toBe(200)
    expect((await phone.get('/api/auth/get-session')).json()?.user.email).toBe('fay@example.test')

    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'fay-secret-1',
      newPassword: 'fay-secret-2',
    })
    expect(changed.statusCode).toBe(200)
    expect((await laptop.get('/api/auth/get-session')).json()?.user.email).toBe('fay@example.test')
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull()

    const tablet = createClient(t.app)
    await tablet.post('/api/auth/sign-in/email', { email: 'fay@example.test', password: 'fay-secret-2' })
    const kept = await laptop.post('/api/auth/change-password', {
      currentPassword: 'fay-secret-2',
      newPassword: 'fay-secret-3',
      revokeOtherSessions: false,
    })
    expect(kept.statusCode).toBe(200)
    expect((await tablet.get('/api/auth/get-session')).json()?.user.email).toBe('fay@example.test')
  })
})
