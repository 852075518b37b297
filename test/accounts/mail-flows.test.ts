// Sign-up verification and password reset through a real SMTP server on loopback, on both databases.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { type BrowserLikeClient, createClient, pathOf } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends } from '../support/db/backends.ts'
import { type SmtpSink, startSmtpSink } from '../support/mail/smtp-sink.ts'

/** A timestamp column as read back: a Date on PostgreSQL, ISO text on SQLite. */
const epochMs = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).getTime()

describe.each(appBackends())('account mails on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('through a real SMTP server', () => {
    let smtp: SmtpSink
    let t: TestApp
    let database: DatabaseHandle

    const mailTo = (to: string, subject: string) => smtp.waitForMail((m) => m.to === to && m.subject === subject)
    const signIn = (client: BrowserLikeClient, email: string, password: string) =>
      client.post('/api/auth/sign-in/email', { email, password })
    const sessionEmail = async (client: BrowserLikeClient) =>
      (await client.get('/api/auth/get-session')).json()?.user?.email

    async function requestReset(email: string): Promise<string> {
      const before = smtp.mails.length
      const res = await createClient(t.app).post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/auth?type=recovery',
      })
      expect(res.statusCode).toBe(200)
      const mail = await smtp.waitForMail((m) => smtp.mails.indexOf(m) >= before && m.to === email)
      expect(mail.subject).toBe('Reset your NetToolbox password')
      const link = mail.links[0]
      if (!link) throw new Error('no link in the reset mail')
      return link
    }

    beforeAll(async () => {
      await backend.setUp()
      smtp = await startSmtpSink()
      ;({ t, database } = await backend.startApp({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'NetToolbox <no-reply@example.test>',
      }))
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await smtp?.stop()
      await backend.tearDown()
    })

    it('mails a verification link on sign-up; signing in waits for it; the link signs in', async () => {
      const client = createClient(t.app)
      const signUp = await client.post('/api/auth/sign-up/email', {
        email: 'Dana@Example.test',
        password: 'dana-secret',
        name: '',
      })
      expect(signUp.statusCode).toBe(200)
      expect(client.hasSession()).toBe(false)
      const mail = await mailTo('dana@example.test', 'Confirm your NetToolbox account')
      expect(mail.text).toContain('valid for 1 hour')
      const early = await signIn(client, 'dana@example.test', 'dana-secret')
      expect(early.statusCode).toBe(403)
      expect(early.json().message).toBe('Email not verified')
      const link = mail.links[0] ?? ''
      expect(link.startsWith('http://localhost:8080/api/auth/verify-email?token=')).toBe(true)
      const landing = await client.get(pathOf(link))
      expect(landing.statusCode).toBe(302)
      // Every verification link lands on the page that says what happened.
      expect(landing.headers.location).toBe('/auth?verified=1')
      expect(await sessionEmail(client)).toBe('dana@example.test')
      // The same link again, from another browser: it says it was already used and signs nobody in.
      const other = createClient(t.app)
      const again = await other.get(pathOf(link))
      expect(again.statusCode).toBe(302)
      expect(again.headers.location).toBe('/auth?verified=1&error=LINK_ALREADY_USED')
      expect(other.hasSession()).toBe(false)
      // A forged token says nothing about the account.
      const forged = await other.get(pathOf(link).replace(/token=[^&]+/, 'token=e30.e30.e30'))
      expect(forged.headers.location).toBe('/auth?verified=1&error=INVALID_TOKEN')
    })

    it('answers a second sign-up with the same email like a new one, and tells the owner by mail', async () => {
      const before = smtp.mails.length
      const again = await createClient(t.app).post('/api/auth/sign-up/email', {
        email: 'dana@example.test',
        password: 'other-pass',
        name: '',
      })
      const fresh = await createClient(t.app).post('/api/auth/sign-up/email', {
        email: 'dana-new@example.test',
        password: 'other-pass',
        name: '',
      })
      expect(again.statusCode).toBe(fresh.statusCode)
      expect(again.statusCode).toBe(200)
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
        token: body.token,
        keys: Object.keys(body.user).sort(),
      })
      expect(shape(again.json())).toEqual(shape(fresh.json()))
      const note = await smtp.waitForMail(
        (m) => smtp.mails.indexOf(m) >= before && m.to === 'dana@example.test' && m.subject.startsWith('Someone'),
      )
      expect(note.subject).toBe('Someone tried to sign up to NetToolbox with your address')
      expect(note.text).toContain('No new account was created.')
      expect(note.text).toContain('http://localhost:8080/auth')
    })

    it('refuses a password shorter than 6 characters', async () => {
      const res = await createClient(t.app).post('/api/auth/sign-up/email', {
        email: 'short@example.test',
        password: '12345',
        name: '',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('PASSWORD_TOO_SHORT')
    })

    it('resets the password through the mailed link once, signing the user in and out everywhere else', async () => {
      const other = createClient(t.app)
      expect((await signIn(other, 'dana@example.test', 'dana-secret')).statusCode).toBe(200)
      const link = await requestReset('dana@example.test')
      expect(link.startsWith('http://localhost:8080/api/auth/reset-password/')).toBe(true)

      const browser = createClient(t.app)
      const landing = await browser.get(pathOf(link))
      expect(landing.statusCode).toBe(302)
      const target = new URL(String(landing.headers.location))
      expect(`${target.origin}${target.pathname}`).toBe('http://localhost:8080/auth')
      expect(target.searchParams.get('type')).toBe('recovery')
      const token = target.searchParams.get('token')
      expect(token).toBeTruthy()

      const reset = await browser.post('/api/auth/reset-password', { token, newPassword: 'dana-new-secret' })
      expect(reset.statusCode).toBe(200)
      expect(browser.hasSession()).toBe(true)
      expect(await sessionEmail(browser)).toBe('dana@example.test')
      expect((await other.get('/api/auth/get-session')).json()).toBeNull()

      expect((await signIn(createClient(t.app), 'dana@example.test', 'dana-secret')).statusCode).toBe(401)
      expect((await signIn(createClient(t.app), 'dana@example.test', 'dana-new-secret')).statusCode).toBe(200)

      const secondLanding = await createClient(t.app).get(pathOf(link))
      expect(new URL(String(secondLanding.headers.location)).searchParams.get('error')).toBe('INVALID_TOKEN')
      const reuse = await createClient(t.app).post('/api/auth/reset-password', { token, newPassword: 'attacker-pass' })
      expect(reuse.statusCode).toBe(400)
      expect(reuse.json().code).toBe('INVALID_TOKEN')
    })

    it('makes reset links expire after one hour', async () => {
      const link = await requestReset('dana@example.test')
      const token = link.split('/reset-password/')[1]?.split('?')[0] ?? ''
      const rows = await sql<{ createdAt: unknown; expiresAt: unknown }>`
        select "createdAt", "expiresAt" from verification where identifier = ${`reset-password:${token}`}`.execute(
        database.db,
      )
      const row = rows.rows[0]
      if (!row) throw new Error('no verification row for the reset token')
      const lifetime = epochMs(row.expiresAt) - epochMs(row.createdAt)
      expect(Math.round(lifetime / 1000)).toBe(3600)
      const past = new Date(Date.now() - 1000)
      await sql`update verification set "expiresAt" = ${database.dialect === 'postgres' ? past : past.toISOString()} where identifier = ${`reset-password:${token}`}`.execute(
        database.db,
      )
      const expired = await createClient(t.app).post('/api/auth/reset-password', {
        token,
        newPassword: 'too-late-pass',
      })
      expect(expired.statusCode).toBe(400)
      expect(expired.json().code).toBe('INVALID_TOKEN')
    })

    it('answers a reset request for an unknown email like any other and mails nothing', async () => {
      const before = smtp.mails.length
      const res = await createClient(t.app).post('/api/auth/request-password-reset', {
        email: 'nobody@example.test',
        redirectTo: '/auth?type=recovery',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().status).toBe(true)
      // Mails go out just after the answer: give one time to arrive before saying none did.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(smtp.mails.slice(before).some((m) => m.to === 'nobody@example.test')).toBe(false)
    })
  })
})
