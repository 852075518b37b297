// The per-email limiter's one atomic statement on both databases, with a controlled clock.
import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createEmailRateLimiter } from '../../src/server/modules/auth/email-rate-limit.ts'
import { appBackends, useBackendApp } from '../support/db/backends.ts'

const limits = { '/sign-in/email': { max: 3, windowMs: 60_000 } }

describe.each(appBackends())('per-email rate limit on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with a migrated database', () => {
    let database: DatabaseHandle
    let clock = Date.UTC(2026, 0, 1)

    useBackendApp(backend, (started) => {
      database = started.database
    })

    it('allows max attempts per window, refuses the next with the seconds left, and starts over after the window', async () => {
      const limiter = createEmailRateLimiter(database.db, { now: () => clock, limits })
      for (let i = 0; i < 3; i++)
        expect(await limiter.consume('/sign-in/email', 'gail@example.test')).toEqual({ allowed: true })
      clock += 20_000
      expect(await limiter.consume('/sign-in/email', ' Gail@Example.TEST ')).toEqual({
        allowed: false,
        retryAfterSeconds: 40,
      })
      expect(await limiter.consume('/sign-in/email', 'other@example.test')).toEqual({ allowed: true })
      clock += 40_000
      expect(await limiter.consume('/sign-in/email', 'gail@example.test')).toEqual({ allowed: true })
    })

    it('does not limit actions without a rule', async () => {
      const limiter = createEmailRateLimiter(database.db, { now: () => clock, limits })
      for (let i = 0; i < 5; i++)
        expect(await limiter.consume('/sign-out', 'gail@example.test')).toEqual({ allowed: true })
    })

    it('stores only a hash of the address', async () => {
      const rows = await database.db.selectFrom('email_rate_limits').select('key').execute()
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row.key).toMatch(/^\/sign-in\/email\|[0-9a-f]{64}$/)
    })
  })
})
