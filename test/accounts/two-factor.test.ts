// Two-factor sign-in through the real API on both databases: turning it on (the otpauth URI and
// recovery codes, confirmed by a first code), signing in with a code computed as an authenticator app
// does, a recovery code that works once, the per-account lock after wrong codes, and turning it off
// with a code or the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { TWO_FACTOR } from '../../src/shared/auth.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { totpFromUri } from '../support/auth/totp.ts'
import { appBackends } from '../support/db/backends.ts'

const PERIOD_MS = 30_000

/** A code that is certainly wrong now: the one of a step far from the current window. */
const wrongCode = (uri: string) => totpFromUri(uri, Date.now() - 100 * PERIOD_MS)

describe.each(appBackends())('two-factor sign-in on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with signed-up accounts', () => {
    let t: TestApp
    let database: DatabaseHandle
    let address = 10
    /** Each scenario signs in from its own address, so better-auth's per-address limits stay apart. */
    const clientFromNewAddress = () => {
      const remoteAddress = `127.0.0.${address++}`
      const client = createClient(t.app)
      return {
        post: (url: string, payload: object = {}) => client.request({ method: 'POST', url, payload, remoteAddress }),
        get: (url: string) => client.request({ method: 'GET', url, remoteAddress }),
        hasSession: () => client.hasSession(),
      }
    }
    const signUp = (email: string) =>
      signUpVerified(t.app, email, 'correct-horse', (a) => latestOutboxMail(t.dataDir, a))

    /** Turns 2FA on for a signed-in client; returns the otpauth URI and the recovery codes. */
    async function enable(client: BrowserLikeClient) {
      const started = await client.post('/api/auth/two-factor/enable', { password: 'correct-horse' })
      expect(started.statusCode).toBe(200)
      const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] }
      const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })
      expect(confirmed.statusCode).toBe(200)
      return { uri: totpURI, recoveryCodes: backupCodes }
    }

    beforeAll(async () => {
      await backend.setUp()
      ;({ t, database } = await backend.startApp())
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await backend.tearDown()
    })

    it('shows an otpauth URI and recovery codes, and stays off until a first code confirms it', async () => {
      const alice = await signUp('alice-2fa@example.test')
      const started = await alice.post('/api/auth/two-factor/enable', { password: 'correct-horse' })
      expect(started.statusCode).toBe(200)
      const { totpURI, backupCodes } = started.json()
      expect(totpURI).toMatch(
        /^otpauth:\/\/totp\/NetToolbox:alice-2fa%40example\.test\?secret=[A-Z2-7]+&issuer=NetToolbox/,
      )
      expect(backupCodes).toHaveLength(TWO_FACTOR.recoveryCodeCount)
      expect(new Set(backupCodes).size).toBe(TWO_FACTOR.recoveryCodeCount)
      // Not on yet: signing in still needs only the password.
      const before = await clientFromNewAddress().post('/api/auth/sign-in/email', {
        email: 'alice-2fa@example.test',
        password: 'correct-horse',
      })
      expect(before.json()).not.toHaveProperty('twoFactorRedirect')
      expect((await alice.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(false)

      const wrong = await alice.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) })
      expect(wrong.statusCode).toBe(401)
      const confirmed = await alice.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })
      expect(confirmed.statusCode).toBe(200)
      expect((await alice.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(true)
      // The secret and the codes are stored encrypted, never as given.
      const row = await database.db
        .selectFrom('twoFactor' as never)
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(row)).not.toContain(backupCodes[0])
      expect(JSON.stringify(row)).not.toContain(new URL(totpURI).searchParams.get('secret'))
    })

    it('asks for the code after the password, and signs in only with a right one', async () => {
      const bob = await signUp('bob-2fa@example.test')
      const { uri } = await enable(bob)
      const browser = clientFromNewAddress()
      const signIn = await browser.post('/api/auth/sign-in/email', {
        email: 'bob-2fa@example.test',
        password: 'correct-horse',
      })
      expect(signIn.statusCode).toBe(200)
      expect(signIn.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
      expect(browser.hasSession()).toBe(false)
      expect((await browser.get('/api/history')).statusCode).toBe(401)

      const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(uri) })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().code).toBe('INVALID_CODE')
      expect(browser.hasSession()).toBe(false)

      const right = await browser.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) })
      expect(right.statusCode).toBe(200)
      expect(browser.hasSession()).toBe(true)
      expect((await browser.get('/api/history')).statusCode).toBe(200)
    })

    it('takes each recovery code once instead of a code', async () => {
      const carol = await signUp('carol-2fa@example.test')
      const { recoveryCodes } = await enable(carol)
      const [first, second] = recoveryCodes
      const signInWith = async (code: string | undefined) => {
        const browser = clientFromNewAddress()
        await browser.post('/api/auth/sign-in/email', { email: 'carol-2fa@example.test', password: 'correct-horse' })
        const res = await browser.post('/api/auth/two-factor/verify-backup-code', { code })
        return { status: res.statusCode, code: res.json().code, signedIn: browser.hasSession() }
      }
      expect(await signInWith(first)).toMatchObject({ status: 200, signedIn: true })
      expect(await signInWith(first)).toEqual({ status: 401, code: 'INVALID_BACKUP_CODE', signedIn: false })
      expect(await signInWith(second)).toMatchObject({ status: 200, signedIn: true })
    })

    it(`locks the account's second step after ${TWO_FACTOR.maxFailedCodes} wrong codes, from any address`, async () => {
      const dave = await signUp('dave-2fa@example.test')
      const { uri } = await enable(dave)
      const statuses: number[] = []
      // Spread over sign-ins from several addresses: the count is the account's.
      for (let i = 0; i < TWO_FACTOR.maxFailedCodes; i++) {
        const browser = clientFromNewAddress()
        await browser.post('/api/auth/sign-in/email', { email: 'dave-2fa@example.test', password: 'correct-horse' })
        statuses.push((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(uri) })).statusCode)
      }
      expect(statuses).toEqual(Array(TWO_FACTOR.maxFailedCodes).fill(401))
      const browser = clientFromNewAddress()
      await browser.post('/api/auth/sign-in/email', { email: 'dave-2fa@example.test', password: 'correct-horse' })
      const locked = await browser.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) })
      expect(locked.statusCode).toBe(429)
      expect(locked.json().code).toBe('ACCOUNT_TEMPORARILY_LOCKED')
      expect(browser.hasSession()).toBe(false)
    })

    it('turns off with a current code, not with a wrong one, and then signs in with the password only', async () => {
      const erin = await signUp('erin-2fa@example.test')
      const { uri } = await enable(erin)
      const wrong = await erin.post('/api/account/two-factor/disable', { code: wrongCode(uri) })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().error.message).toBe('That code is not correct. Check your authenticator app and try again.')
      const neither = await erin.post('/api/account/two-factor/disable', {})
      expect(neither.statusCode).toBe(400)
      expect(neither.json().error.message).toBe('Enter your password or a current code from your authenticator app')
      const off = await erin.post('/api/account/two-factor/disable', { code: totpFromUri(uri) })
      expect(off.statusCode).toBe(200)
      expect(off.json()).toEqual({ twoFactorEnabled: false })
      expect((await erin.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(false)
      const browser = clientFromNewAddress()
      const signIn = await browser.post('/api/auth/sign-in/email', {
        email: 'erin-2fa@example.test',
        password: 'correct-horse',
      })
      expect(signIn.json()).not.toHaveProperty('twoFactorRedirect')
      expect(browser.hasSession()).toBe(true)
    })

    it('turns off with the password, keeping the session signed in', async () => {
      const fay = await signUp('fay-2fa@example.test')
      await enable(fay)
      const wrong = await fay.post('/api/account/two-factor/disable', { password: 'not-the-password' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().error.message).toBe('That password is not correct')
      const off = await fay.post('/api/account/two-factor/disable', { password: 'correct-horse' })
      expect(off.statusCode).toBe(200)
      const session = (await fay.get('/api/auth/get-session')).json()
      expect(session.user).toMatchObject({ email: 'fay-2fa@example.test', twoFactorEnabled: false })
    })

    it('limits wrong passwords and codes on the off switch per account', async () => {
      const gus = await signUp('gus-2fa@example.test')
      const { uri } = await enable(gus)
      const statuses: number[] = []
      for (let i = 0; i <= TWO_FACTOR.maxFailedCodes; i++)
        statuses.push((await gus.post('/api/account/two-factor/disable', { code: wrongCode(uri) })).statusCode)
      expect(statuses).toEqual([...Array(TWO_FACTOR.maxFailedCodes).fill(400), 429])
      const right = await gus.post('/api/account/two-factor/disable', { code: totpFromUri(uri) })
      expect(right.statusCode).toBe(429)
      expect(right.json().error.message).toMatch(/^Too many wrong passwords or codes\. Try again in \d+ min\.$/)
      expect((await gus.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(true)
    })

    it('refuses the off switch to API tokens and to signed-out callers', async () => {
      const signedOut = await createClient(t.app).post('/api/account/two-factor/disable', { password: 'x' })
      expect(signedOut.statusCode).toBe(401)
      const hal = await signUp('hal-2fa@example.test')
      const { token } = (await hal.post('/api/tokens', { name: 'script' })).json()
      const byToken = await t.app.inject({
        method: 'POST',
        url: '/api/account/two-factor/disable',
        payload: { password: 'correct-horse' },
        headers: { authorization: `Bearer ${token}` },
      })
      expect(byToken.statusCode).toBe(403)
      expect(byToken.json().error.message).toBe('Two-factor sign-in is changed on the website, not with an API token')
    })
  })
})
