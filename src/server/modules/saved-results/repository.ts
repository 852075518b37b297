// Saved tool results, per user. Hides how each dialect stores JSON and timestamps.
// A delete is soft (deleted_at): the row is hidden from every read at once, can be restored within
// the restore window, and is removed for good by purgeDeleted (the results retention job).
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export interface NewToolResult {
  userId: string
  toolName: string
  inputValue: string | null
  /** Any JSON-serialisable value: a string, an array or an object. */
  resultData: unknown
  /** The request's options; absent or empty for none. */
  options?: Record<string, unknown> | null
  /** Default 'ok'. A failed run carries its error sentence and failure source. */
  status?: 'ok' | 'failed'
  error?: string | null
  failureSource?: 'target' | 'server' | 'policy' | null
  /** The stored run the entry came from (src/server/modules/runs), when there is one. */
  runId?: string | null
}

export interface ToolResult {
  id: string
  userId: string
  toolName: string
  inputValue: string | null
  options: Record<string, JsonValue> | null
  status: 'ok' | 'failed'
  error: string | null
  failureSource: 'target' | 'server' | 'policy' | null
  resultData: JsonValue
  /** ISO-8601 UTC, millisecond precision. */
  createdAt: string
  /** The stored run, while it is kept (unshared runs are purged after RUN_RETENTION_HOURS). */
  runId: string | null
  /** The run's permalink, when it is shared. */
  share: { id: string; pinned: boolean } | null
}

/** What a restore found: restored (or never deleted), deleted too long ago, or no such row of the user. */
export type RestoreOutcome = 'restored' | 'expired' | 'not_found'

export interface ToolResultsRepository {
  insert(row: NewToolResult): Promise<{ id: string; createdAt: string }>
  /** Newest first; rows saved in the same millisecond are ordered by id, descending. Deleted rows are left out. */
  listForUser(userId: string, limit?: number): Promise<ToolResult[]>
  /** Marks the row deleted. False when no row with this id belongs to the user or it is deleted already. */
  deleteForUser(id: string, userId: string): Promise<boolean>
  /** Clears the delete of a row deleted at or after `deletedSince`. */
  restoreForUser(id: string, userId: string, deletedSince: Date): Promise<RestoreOutcome>
  /** Removes rows deleted before `deletedBefore`; returns how many. */
  purgeDeleted(deletedBefore: Date): Promise<number>
  /** Rows not deleted. */
  countForUser(userId: string): Promise<number>
}

export interface ToolResultsRepositoryDeps {
  now?: () => Date
}

const FAILURE_SOURCES = new Set(['target', 'server', 'policy'])
const toFailureSource = (value: string | null) =>
  value !== null && FAILURE_SOURCES.has(value) ? (value as 'target' | 'server' | 'policy') : null
/** null for no options (none given, or only unset ones). */
function optionsJson(options: Record<string, unknown> | null | undefined): string | null {
  const json = options ? JSON.stringify(options) : undefined
  return json === undefined || json === '{}' ? null : json
}

export function createToolResultsRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: ToolResultsRepositoryDeps = {},
): ToolResultsRepository {
  return {
    async insert({ userId, toolName, inputValue, resultData, options, status = 'ok', error, failureSource, runId }) {
      const json = JSON.stringify(resultData)
      if (json === undefined) throw new TypeError('resultData is not JSON-serialisable')
      const id = randomUUID()
      const createdAt = now().toISOString()
      await db
        .insertInto('saved_results')
        .values({
          id,
          user_id: userId,
          tool_name: toolName,
          input_value: inputValue,
          result_data: json,
          created_at: createdAt,
          options: optionsJson(options),
          status,
          error: error ?? null,
          failure_source: failureSource ?? null,
          run_id: runId ?? null,
        })
        .execute()
      return { id, createdAt }
    },

    async listForUser(userId, limit = 50) {
      const rows = await db
        .selectFrom('saved_results')
        .leftJoin('runs', 'runs.id', 'saved_results.run_id')
        .select([
          'saved_results.id',
          'saved_results.user_id',
          'tool_name',
          'saved_results.input_value',
          'saved_results.created_at',
          'status',
          'error',
          'failure_source',
        ])
        .select(['runs.id as run_id', 'runs.share_id', 'runs.pinned'])
        .select(sql<string>`cast(result_data as text)`.as('result_json'))
        .select(sql<string | null>`cast(options as text)`.as('options_json'))
        .where('saved_results.user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('saved_results.created_at', 'desc')
        .orderBy('saved_results.id', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        toolName: row.tool_name,
        inputValue: row.input_value,
        options: row.options_json === null ? null : (JSON.parse(row.options_json) as Record<string, JsonValue>),
        status: row.status === 'failed' ? 'failed' : 'ok',
        error: row.error,
        failureSource: toFailureSource(row.failure_source),
        resultData: JSON.parse(row.result_json) as JsonValue,
        createdAt: new Date(row.created_at).toISOString(),
        runId: row.run_id ?? null,
        share: row.share_id ? { id: row.share_id, pinned: Number(row.pinned) === 1 } : null,
      }))
    },

    async deleteForUser(id, userId) {
      const result = await db
        .updateTable('saved_results')
        .set({ deleted_at: now().toISOString() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async restoreForUser(id, userId, deletedSince) {
      const row = await db
        .selectFrom('saved_results')
        .select('deleted_at')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) return 'not_found'
      if (row.deleted_at === null) return 'restored'
      const result = await db
        .updateTable('saved_results')
        .set({ deleted_at: null })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', '>=', deletedSince.toISOString())
        .executeTakeFirst()
      return result.numUpdatedRows > 0n ? 'restored' : 'expired'
    },

    async purgeDeleted(deletedBefore) {
      const result = await db
        .deleteFrom('saved_results')
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', deletedBefore.toISOString())
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async countForUser(userId) {
      const row = await db
        .selectFrom('saved_results')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}
