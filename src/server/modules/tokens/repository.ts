// Personal API tokens: "ntb_" + 32 random bytes (base64url). Only the sha256 of a token is stored,
// so a token is shown once, when created; revoking deletes its row. Each token carries its scopes and
// an optional expiry; an expired token is kept (and listed) until revoked, but no longer accepted.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import {
  type ApiTokenItem,
  type CreatedToken,
  parseScopes,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type TokenScope,
} from '../../../shared/api-tokens.ts'
import type { DatabaseSchema } from '../../db/schema.ts'

export interface TokenOwner {
  id: string
  email: string
}

export interface NewToken {
  name: string
  /** Default: every scope. */
  scopes?: readonly TokenScope[]
  /** Default: never expires. */
  expiresInDays?: number | null
}

/** What a presented token is: unknown (or revoked), expired, or valid with its account and scopes. */
export type TokenLookup =
  | { kind: 'unknown' }
  | { kind: 'expired'; expiresAt: string }
  | { kind: 'valid'; owner: TokenOwner; scopes: TokenScope[] }

export interface TokensRepository {
  create(userId: string, token: NewToken): Promise<CreatedToken>
  /** The user's tokens, newest first, without their secrets. */
  listForUser(userId: string): Promise<ApiTokenItem[]>
  /** False when no token with this id belongs to the user. */
  revoke(id: string, userId: string): Promise<boolean>
  /** Whose a token is and what it may do. Notes when a valid token was last used. */
  lookUp(token: string): Promise<TokenLookup>
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** last_used_at is written at most this often per token. */
const LAST_USED_PRECISION_MS = 60_000
const DAY_MS = 24 * 60 * 60_000

export function createTokensRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: { now?: () => Date } = {},
): TokensRepository {
  return {
    async create(userId, { name, scopes = TOKEN_SCOPES, expiresInDays = null }) {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const id = randomUUID()
      const at = now()
      const createdAt = at.toISOString()
      const expiresAt = expiresInDays === null ? null : new Date(at.getTime() + expiresInDays * DAY_MS).toISOString()
      const ordered = TOKEN_SCOPES.filter((scope) => scopes.includes(scope))
      await db
        .insertInto('api_tokens')
        .values({
          id,
          user_id: userId,
          name,
          token_hash: hashOf(token),
          hint: `${token.slice(0, TOKEN_PREFIX.length + 4)}…`,
          created_at: createdAt,
          scopes: ordered.join(' '),
          expires_at: expiresAt,
        })
        .execute()
      return { id, name, token, scopes: ordered, createdAt, expiresAt }
    },

    async listForUser(userId) {
      const rows = await db
        .selectFrom('api_tokens')
        .select(['id', 'name', 'hint', 'scopes', 'created_at', 'expires_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        hint: row.hint,
        scopes: parseScopes(row.scopes),
        createdAt: iso(row.created_at) ?? '',
        expiresAt: iso(row.expires_at),
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

    async lookUp(token) {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return { kind: 'unknown' }
      const hash = hashOf(token)
      // "user" is better-auth's table; quoted, the name works on both dialects.
      const { rows } = await sql<{
        id: string
        user_id: string
        email: string
        scopes: string
        expires_at: Date | string | null
        last_used_at: Date | string | null
      }>`
        select t.id, t.user_id, u.email, t.scopes, t.expires_at, t.last_used_at
        from api_tokens t join "user" u on u.id = t.user_id
        where t.token_hash = ${hash}`.execute(db)
      const row = rows[0]
      if (!row) return { kind: 'unknown' }
      const at = now()
      const expiresAt = iso(row.expires_at)
      if (expiresAt !== null && Date.parse(expiresAt) <= at.getTime()) return { kind: 'expired', expiresAt }
      const lastUsed = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime()
      if (at.getTime() - lastUsed >= LAST_USED_PRECISION_MS)
        await db.updateTable('api_tokens').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute()
      return { kind: 'valid', owner: { id: row.user_id, email: row.email }, scopes: parseScopes(row.scopes) }
    },
  }
}
