// Wrong passwords slow down the address that sends them, never the account as a whole: failures
// are counted per (account, client address), the first FREE_FAILURES cost nothing, and each one
// after that doubles the wait before that address may try that account again (1 s, 2 s, 4 s … at
// most MAX_WAIT_SECONDS). The owner signing in from an address with no failures is never held back,
// however many strangers guess. A success clears the address's count; quiet for FORGET_AFTER_MS
// forgets it. Per-address volume is capped separately (better-auth's per-IP sign-in limit). Counts
// live in the database (email_rate_limits), so every process shares them; emails only as hashes.
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export const FREE_FAILURES = 3
export const MAX_WAIT_SECONDS = 15 * 60
export const FORGET_AFTER_MS = 60 * 60_000

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface SignInThrottle {
  check(email: string, address: string): Promise<ThrottleDecision>
  recordFailure(email: string, address: string): Promise<void>
  recordSuccess(email: string, address: string): Promise<void>
}

/** Seconds an address waits after its nth failure on one account. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_WAIT_SECONDS)
}

function keyOf(email: string, address: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
  return `sign-in-failures|${hash}|${address}`
}

export function createSignInThrottle(db: Kysely<DatabaseSchema>, { now = () => Date.now() } = {}): SignInThrottle {
  async function read(key: string) {
    const row = await db
      .selectFrom('email_rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row || now() - Number(row.window_start) > FORGET_AFTER_MS) return { failures: 0, last: 0 }
    return { failures: Number(row.count), last: Number(row.window_start) }
  }

  return {
    async check(email, address) {
      const { failures, last } = await read(keyOf(email, address))
      const waitMs = waitAfter(failures) * 1000 - (now() - last)
      return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true }
    },
    async recordFailure(email, address) {
      const at = now()
      const forgotten = at - FORGET_AFTER_MS
      // One atomic statement: parallel guesses each count.
      await db
        .insertInto('email_rate_limits')
        .values({ key: keyOf(email, address), count: 1, window_start: at })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when email_rate_limits.window_start < ${forgotten} then 1 else email_rate_limits.count + 1 end`,
            window_start: at,
          }),
        )
        .execute()
    },
    async recordSuccess(email, address) {
      await db.deleteFrom('email_rate_limits').where('key', '=', keyOf(email, address)).execute()
    },
  }
}
