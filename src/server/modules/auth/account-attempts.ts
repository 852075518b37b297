// Wrong answers per account to a check made while signed in (turning two-factor sign-in off with a
// password or a code): after `max` failures within `windowMs` the account must wait for the window
// to end, whichever address the attempts come from. A success clears the count. Counted in the
// database (email_rate_limits, keyed by the account id, never an email), so every process shares it.
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface AccountAttempts {
  check(userId: string): Promise<AttemptDecision>
  recordFailure(userId: string): Promise<void>
  clear(userId: string): Promise<void>
}

export interface AccountAttemptsOptions {
  /** Names the check in the counter's key. */
  kind: string
  max: number
  windowMs: number
  now?: () => number
}

export function createAccountAttempts(
  db: Kysely<DatabaseSchema>,
  { kind, max, windowMs, now = () => Date.now() }: AccountAttemptsOptions,
): AccountAttempts {
  const keyOf = (userId: string) => `${kind}|${userId}`
  return {
    async check(userId) {
      const row = await db
        .selectFrom('email_rate_limits')
        .select(['count', 'window_start'])
        .where('key', '=', keyOf(userId))
        .executeTakeFirst()
      if (!row) return { allowed: true }
      const waitMs = Number(row.window_start) + windowMs - now()
      if (waitMs <= 0 || Number(row.count) < max) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) }
    },
    async recordFailure(userId) {
      const at = now()
      const ended = at - windowMs
      // One atomic statement: parallel guesses each count; a window that has ended starts again.
      await db
        .insertInto('email_rate_limits')
        .values({ key: keyOf(userId), count: 1, window_start: at })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when email_rate_limits.window_start < ${ended} then 1 else email_rate_limits.count + 1 end`,
            window_start: sql<number>`case when email_rate_limits.window_start < ${ended} then ${at} else email_rate_limits.window_start end`,
          }),
        )
        .execute()
    },
    async clear(userId) {
      await db.deleteFrom('email_rate_limits').where('key', '=', keyOf(userId)).execute()
    },
  }
}
