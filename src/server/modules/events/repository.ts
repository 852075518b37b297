// First-party analytics events.
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export interface NewEvent {
  name: string
  userId: string | null
  properties: Record<string, unknown>
}

export interface StoredEvent extends NewEvent {
  id: string
  createdAt: string
}

export interface EventsRepository {
  insert(event: NewEvent): Promise<void>
  /** Newest first. */
  list(limit?: number): Promise<StoredEvent[]>
}

export function createEventsRepository(db: Kysely<DatabaseSchema>, { now = () => new Date() } = {}): EventsRepository {
  return {
    async insert({ name, userId, properties }) {
      await db
        .insertInto('events')
        .values({
          id: randomUUID(),
          name,
          user_id: userId,
          properties: JSON.stringify(properties),
          created_at: now().toISOString(),
        })
        .execute()
    },
    async list(limit = 100) {
      const rows = await db
        .selectFrom('events')
        .select(['id', 'name', 'user_id', 'created_at'])
        .select(sql<string>`cast(properties as text)`.as('properties_json'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        userId: row.user_id,
        properties: JSON.parse(row.properties_json) as Record<string, unknown>,
        createdAt: new Date(row.created_at).toISOString(),
      }))
    },
  }
}
