// Wrong passwords slow down the address that sends them, never the account: the throttle's counts on
// both databases with a controlled clock, then strangers guessing through the real API while the
// owner signs in from a clean address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createSignInThrottle, waitAfter } from '../../src/server/modules/auth/sign-in-throttle.ts'
import { latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { runAhead } from '../support/app/priority.ts'
import { appBackends, useBackendApp } from '../support/db/backends.ts'

describe('waitAfter()', () => {
  it('lets three failures pass, then doubles the wait up to 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(waitAfter)).toEqual([0, 0, 0, 1, 2, 4, 8])
    expect(waitAfter(40)).toBe(900)
  })
})

describe.each(appBackends())('sign-in throttle on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a migrated database', () => {
    let database: DatabaseHandle
    let clock = Date.UTC(2026, 0, 1)

    useBackendApp(backend, (started) => {
      database = started.database
    })

    it('counts failures per (account, address): the guessing address waits, a clean one does not', async () => {
      const throttle = createSignInThrottle(database.db, { now: () => clock })
      for (let i = 0; i < 3; i++) {
        expect(await throttle.check('hal@example.test', '198.51.100.7')).toEqual({ allowed: true })
        await throttle.recordFailure('hal@example.test', '198.51.100.7')
      }
      expect(await throttle.check('hal@example.test', '198.51.100.7')).toEqual({ allowed: false, retryAfterSeconds: 1 })
      expect(await throttle.check(' HAL@example.test', '198.51.100.8')).toEqual({ allowed: true })
      expect(await throttle.check('other@example.test', '198.51.100.7')).toEqual({ allowed: true })

      clock += 1000
      expect(await throttle.check('hal@example.test', '198.51.100.7')).toEqual({ allowed: true })
      await throttle.recordFailure('hal@example.test', '198.51.100.7')
      expect(await throttle.check('hal@example.test', '198.51.100.7')).toEqual({ allowed: false, retryAfterSeconds: 2 })

      await throttle.recordSuccess('hal@example.test', '198.51.100.7')
      expect(await throttle.check('hal@example.test', '198.51.100.7')).toEqual({ allowed: true })
    })

    it('forgets failures after an hour of quiet', async () => {
      const throttle = createSignInThrottle(database.db, { now: () => clock })
      for (let i = 0; i < 6; i++) await throttle.recordFailure('ida@example.test', '198.51.100.9')
      expect((await throttle.check('ida@example.test', '198.51.100.9')).allowed).toBe(false)
      clock += 60 * 60_000 + 1
      expect(await throttle.check('ida@example.test', '198.51.100.9')).toEqual({ allowed: true })
      await throttle.recordFailure('ida@example.test', '198.51.100.9')
      expect(await throttle.check('ida@example.test', '198.51.100.9')).toEqual({ allowed: true })
    })
  })
})

describe('strangers cannot lock the owner out', () => {
  let t: TestApp
  // The throttle's windows are one and two seconds of real time.
  let restorePriority = () => {}
  beforeAll(async () => {
    restorePriority = runAhead()
    t = await createTestApp()
    await signUpVerified(t.app, 'jo@example.test', 'jo-secret-1', (to) => latestOutboxMail(t.dataDir, to))
  })
  afterAll(async () => {
    await t?.close()
    restorePriority()
  })

  const signIn = (password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: 'http://localhost:8080' },
      payload: { email: 'jo@example.test', password },
    })

  it('lets the owner in from a clean address after twenty wrong passwords from ten others', async () => {
    for (let i = 0; i < 20; i++) expect((await signIn('wrong-password', `127.0.1.${i % 10}`)).statusCode).toBe(401)
    const owner = await signIn('jo-secret-1', '127.0.2.1')
    expect(owner.statusCode).toBe(200)
    expect(String(owner.headers['set-cookie'])).toMatch(/nettoolbox\.session_token=/)
  })

  it('slows down the guessing address with a growing Retry-After, and lets it in once it waits', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('wrong-password', '127.0.3.1')).statusCode).toBe(401)
    const held = await signIn('jo-secret-1', '127.0.3.1')
    expect(held.statusCode).toBe(429)
    expect(held.headers['retry-after']).toBe('1')
    expect((await signIn('jo-secret-1', '127.0.3.2')).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await signIn('wrong-password', '127.0.3.1')).statusCode).toBe(401)
    expect((await signIn('jo-secret-1', '127.0.3.1')).headers['retry-after']).toBe('2')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect((await signIn('jo-secret-1', '127.0.3.1')).statusCode).toBe(200)
    // A success clears the address's count.
    expect((await signIn('wrong-password', '127.0.3.1')).statusCode).toBe(401)
    expect((await signIn('jo-secret-1', '127.0.3.1')).statusCode).toBe(200)
  })
})
