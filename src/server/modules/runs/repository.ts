// Stored runs and their shares. A run is the tool answer exactly as the server sent it; a share
// gives it a public id. Hides how each dialect stores JSON, timestamps and booleans.
import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export interface StoredAnswer {
  tool: string
  input: string
  status: 'ok' | 'failed'
  result: unknown
  lines: string[]
  durationMs: number
  failureSource?: 'target' | 'server' | 'policy'
  error?: string
  /** The request's options, when it had any. */
  options?: Record<string, unknown>
}

export interface StoredRun {
  runId: string
  userId: string | null
  answer: StoredAnswer
  server: string
  /** ISO-8601 UTC. */
  createdAt: string
  shareId: string | null
  deleteTokenHash: string | null
  sharedAt: string | null
  pinned: boolean
}

export interface PurgeCutoffs {
  /** Unshared runs created before this instant are deleted. */
  runsCreatedBefore: Date
  /** Shares made before this instant are deleted, unless pinned. */
  sharesMadeBefore: Date
}

export interface RunsRepository {
  /** Stores a finished run; returns its runId. */
  insert(run: { userId: string | null; answer: StoredAnswer; server: string }): Promise<string>
  findByRunId(runId: string): Promise<StoredRun | null>
  findByShareId(shareId: string): Promise<StoredRun | null>
  /**
   * Gives a run without a share a share id and the delete token's hash (`created`); a run already
   * shared keeps its share id and its delete token unchanged.
   */
  share(runId: string, deleteTokenHash: string | null): Promise<{ shareId: string; sharedAt: string; created: boolean }>
  /** False when no share has this id. */
  unshare(shareId: string): Promise<boolean>
  /** Pins or unpins a share; unpinning starts its lifetime again (shared_at becomes now). */
  setPinned(shareId: string, pinned: boolean): Promise<boolean>
  /** Deletes expired runs and shares; returns how many of each. */
  purgeExpired(cutoffs: PurgeCutoffs): Promise<{ runs: number; shares: number }>
}

/** url-safe random text of `bytes` bytes of entropy. */
export function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

export function createRunsRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: { now?: () => Date } = {},
): RunsRepository {
  const selectRun = () =>
    db
      .selectFrom('runs')
      .select(['id', 'user_id', 'server', 'created_at', 'share_id', 'delete_token_hash', 'shared_at', 'pinned'])
      .select(sql<string>`cast(answer as text)`.as('answer_json'))

  type Row = Awaited<ReturnType<ReturnType<typeof selectRun>['executeTakeFirst']>>
  const toRun = (row: Row): StoredRun | null =>
    row
      ? {
          runId: row.id,
          userId: row.user_id,
          answer: JSON.parse(row.answer_json) as StoredAnswer,
          server: row.server,
          createdAt: iso(row.created_at) ?? '',
          shareId: row.share_id,
          deleteTokenHash: row.delete_token_hash,
          sharedAt: iso(row.shared_at),
          pinned: Number(row.pinned) === 1,
        }
      : null

  return {
    async insert({ userId, answer, server }) {
      const runId = randomId(24)
      await db
        .insertInto('runs')
        .values({
          id: runId,
          user_id: userId,
          tool: answer.tool,
          input: answer.input,
          answer: JSON.stringify(answer),
          server,
          created_at: now().toISOString(),
          pinned: 0,
        })
        .execute()
      return runId
    },

    findByRunId: async (runId) => toRun(await selectRun().where('id', '=', runId).executeTakeFirst()),
    findByShareId: async (shareId) => toRun(await selectRun().where('share_id', '=', shareId).executeTakeFirst()),

    async share(runId, deleteTokenHash) {
      const shareId = randomId(16)
      const sharedAt = now().toISOString()
      // Only a run without a share gets one: two requests at once cannot both set a delete token.
      const made = await db
        .updateTable('runs')
        .set({ share_id: shareId, shared_at: sharedAt, delete_token_hash: deleteTokenHash })
        .where('id', '=', runId)
        .where('share_id', 'is', null)
        .executeTakeFirst()
      if (made.numUpdatedRows > 0n) return { shareId, sharedAt, created: true }
      const existing = await selectRun().where('id', '=', runId).executeTakeFirstOrThrow()
      return {
        shareId: existing.share_id ?? shareId,
        sharedAt: iso(existing.shared_at) ?? sharedAt,
        created: false,
      }
    },

    async unshare(shareId) {
      const result = await db
        .updateTable('runs')
        .set({ share_id: null, shared_at: null, delete_token_hash: null, pinned: 0 })
        .where('share_id', '=', shareId)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async setPinned(shareId, pinned) {
      const result = await db
        .updateTable('runs')
        .set(pinned ? { pinned: 1 } : { pinned: 0, shared_at: now().toISOString() })
        .where('share_id', '=', shareId)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async purgeExpired({ runsCreatedBefore, sharesMadeBefore }) {
      const runs = await db
        .deleteFrom('runs')
        .where('share_id', 'is', null)
        .where('created_at', '<', runsCreatedBefore.toISOString())
        .executeTakeFirst()
      const shares = await db
        .deleteFrom('runs')
        .where('share_id', 'is not', null)
        .where('pinned', '=', 0)
        .where('shared_at', '<', sharesMadeBefore.toISOString())
        .executeTakeFirst()
      return { runs: Number(runs.numDeletedRows), shares: Number(shares.numDeletedRows) }
    },
  }
}
