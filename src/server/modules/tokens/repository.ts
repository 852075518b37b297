// Personal API tokens: "ntb_" + 32 random bytes (base64url). Only the sha256 of a token is stored,
// so a token is shown once, when created; revoking deletes its row.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { type ApiTokenItem, type CreatedToken, TOKEN_PREFIX } from '../../../shared/api-tokens.ts'
import type { DatabaseSchema } from '../../db/schema.ts'

export interface TokenOwner {
  id: string
  email: string
}

export interface TokensRepository {
  create(userId: string, name: string): Promise<CreatedToken>
  /** The user's tokens, newest first, without their secrets. */
  listForUser(userId: string): Promise<ApiTokenItem[]>
  /** False when no token with this id belongs to the user. */
  revoke(id: string, userId: string): Promise<boolean>
  /** The account a token belongs to; null for an unknown or revoked token. Notes when it was last used. */
  ownerOf(token: string): Promise<TokenOwner | null>
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** last_used_at is written at most this often per token. */
const LAST_USED_PRECISION_MS = 60_000

export function createTokensRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: { now?: () => Date } = {},
): TokensRepository {
  return {
    async create(userId, name) {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const id = randomUUID()
      const createdAt = now().toISOString()
      await db
        .insertInto('api_tokens')
        .values({
          id,
          user_id: userId,
          name,
          token_hash: hashOf(token),
          hint: `${token.slice(0, TOKEN_PREFIX.length + 4)}…`,
          created_at: createdAt,
        })
        .execute()
      return { id, name, token, createdAt }
    },

    async listForUser(userId) {
      const rows = await db
        .selectFrom('api_tokens')
        .select(['id', 'name', 'hint', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        hint: row.hint,
        createdAt: iso(row.created_at) ?? '',
        lastUsedAt: iso(row.last_used_at),
      }))
    },

    async revoke(id, userId) {
      const result = await db
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    async ownerOf(token) {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null
      const hash = hashOf(token)
      // "user" is better-auth's table; quoted, the name works on both dialects.
      const { rows } = await sql<{ id: string; user_id: string; email: string; last_used_at: Date | string | null }>`
        select t.id, t.user_id, u.email, t.last_used_at
        from api_tokens t join "user" u on u.id = t.user_id
        where t.token_hash = ${hash}`.execute(db)
      const row = rows[0]
      if (!row) return null
      const at = now()
      const lastUsed = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime()
      if (at.getTime() - lastUsed >= LAST_USED_PRECISION_MS)
        await db.updateTable('api_tokens').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute()
      return { id: row.user_id, email: row.email }
    },
  }
}
