// Per-account limits on the auth endpoints, on top of better-auth's per-IP limits: a fixed window
// per (action, email), counted in the database in one atomic statement, so every instance shares it.
// Emails are stored only as hashes.
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export interface EmailLimit {
  max: number
  windowMs: number
}

/** better-auth paths (below /api/auth) limited per email address. */
// Sign-in is not among them: a per-account cap would let strangers lock the owner out. Wrong
// passwords slow down their own address instead (sign-in-throttle.ts).
export const EMAIL_LIMITS: Readonly<Record<string, EmailLimit>> = {
  '/sign-up/email': { max: 5, windowMs: 60 * 60_000 },
  '/request-password-reset': { max: 3, windowMs: 60 * 60_000 },
  '/send-verification-email': { max: 3, windowMs: 60 * 60_000 },
}

const longestWindowMs = Math.max(...Object.values(EMAIL_LIMITS).map((l) => l.windowMs))

export type EmailLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface EmailRateLimiter {
  consume(action: string, email: string): Promise<EmailLimitDecision>
}

export function createEmailRateLimiter(
  db: Kysely<DatabaseSchema>,
  { now = () => Date.now(), limits = EMAIL_LIMITS } = {},
): EmailRateLimiter {
  return {
    async consume(action, email) {
      const limit = limits[action]
      if (!limit) return { allowed: true }
      const key = `${action}|${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`
      const at = now()
      const expired = at - limit.windowMs
      const row = await db
        .insertInto('email_rate_limits')
        .values({ key, window_start: at, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when email_rate_limits.window_start <= ${expired} then 1 else email_rate_limits.count + 1 end`,
            window_start: sql<number>`case when email_rate_limits.window_start <= ${expired} then ${at} else email_rate_limits.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow()
      if (row.count === 1) {
        await db
          .deleteFrom('email_rate_limits')
          .where('window_start', '<', at - longestWindowMs)
          .execute()
      }
      if (row.count <= limit.max) return { allowed: true }
      const retryAfterMs = Number(row.window_start) + limit.windowMs - at
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
    },
  }
}
