// Saved tool results, per user. Hides how each dialect stores JSON and timestamps.
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
}

export interface ToolResult {
  id: string
  userId: string
  toolName: string
  inputValue: string | null
  resultData: JsonValue
  /** ISO-8601 UTC, millisecond precision. */
  createdAt: string
}

export interface ToolResultsRepository {
  insert(row: NewToolResult): Promise<{ id: string; createdAt: string }>
  /** Newest first; rows saved in the same millisecond are ordered by id, descending. */
  listForUser(userId: string, limit?: number): Promise<ToolResult[]>
  /** False when no row with this id belongs to the user. */
  deleteForUser(id: string, userId: string): Promise<boolean>
  countForUser(userId: string): Promise<number>
}

export interface ToolResultsRepositoryDeps {
  now?: () => Date
}

export function createToolResultsRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: ToolResultsRepositoryDeps = {},
): ToolResultsRepository {
  return {
    async insert({ userId, toolName, inputValue, resultData }) {
      const json = JSON.stringify(resultData)
      if (json === undefined) throw new TypeError('resultData is not JSON-serialisable')
      const id = randomUUID()
      const createdAt = now().toISOString()
      await db
        .insertInto('tool_results')
        .values({
          id,
          user_id: userId,
          tool_name: toolName,
          input_value: inputValue,
          result_data: json,
          created_at: createdAt,
        })
        .execute()
      return { id, createdAt }
    },

    async listForUser(userId, limit = 50) {
      const rows = await db
        .selectFrom('tool_results')
        .select(['id', 'user_id', 'tool_name', 'input_value', 'created_at'])
        .select(sql<string>`cast(result_data as text)`.as('result_json'))
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        toolName: row.tool_name,
        inputValue: row.input_value,
        resultData: JSON.parse(row.result_json) as JsonValue,
        createdAt: new Date(row.created_at).toISOString(),
      }))
    },

    async deleteForUser(id, userId) {
      const result = await db
        .deleteFrom('tool_results')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    async countForUser(userId) {
      const row = await db
        .selectFrom('tool_results')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}
