// Probe tokens: those in PROBE_TOKENS ("name:token,...") and those issued into the database with
// `npm run probe-token`. Only sha256 hashes are compared and stored; a token is valid while it is
// listed and not revoked, which the site re-checks every few seconds for connected probes.
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

export const PROBE_TOKEN_PREFIX = 'ntbp_'

export interface ProbeTokenItem {
  name: string
  createdAt: string
  revokedAt: string | null
}

export interface ProbeTokensRepository {
  /** Issues a token; the secret is only ever returned here. Throws when an active token has the name. */
  create(name: string): Promise<{ name: string; token: string }>
  list(): Promise<ProbeTokenItem[]>
  /** False when no active token has the name. */
  revoke(name: string): Promise<boolean>
  /** sha256 → name of every active token. */
  activeHashes(): Promise<Map<string, string>>
}

export const hashProbeToken = (token: string) => createHash('sha256').update(token).digest('hex')
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

export class ProbeTokenNameTaken extends Error {}

export function createProbeTokensRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: { now?: () => Date } = {},
): ProbeTokensRepository {
  return {
    async create(name) {
      const existing = await db
        .selectFrom('probe_tokens')
        .select('revoked_at')
        .where('name', '=', name)
        .executeTakeFirst()
      if (existing && existing.revoked_at === null)
        throw new ProbeTokenNameTaken(`A probe token named "${name}" exists`)
      const token = `${PROBE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('probe_tokens').where('name', '=', name).execute()
        await trx
          .insertInto('probe_tokens')
          .values({ name, token_hash: hashProbeToken(token), created_at: now().toISOString(), revoked_at: null })
          .execute()
      })
      return { name, token }
    },

    async list() {
      const rows = await db
        .selectFrom('probe_tokens')
        .select(['name', 'created_at', 'revoked_at'])
        .orderBy('name')
        .execute()
      return rows.map((row) => ({
        name: row.name,
        createdAt: iso(row.created_at) ?? '',
        revokedAt: iso(row.revoked_at),
      }))
    },

    async revoke(name) {
      const result = await db
        .updateTable('probe_tokens')
        .set({ revoked_at: now().toISOString() })
        .where('name', '=', name)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async activeHashes() {
      const rows = await db
        .selectFrom('probe_tokens')
        .select(['name', 'token_hash'])
        .where('revoked_at', 'is', null)
        .execute()
      return new Map(rows.map((row) => [row.token_hash, row.name]))
    },
  }
}

export interface ProbeTokenCheck {
  /** The token's name, or null for an unknown or revoked token. */
  nameOf(token: string): Promise<string | null>
  /** Hashes of every valid token now (configured and issued). */
  validHashes(): Promise<Set<string>>
}

/** PROBE_TOKENS entries first, then the database's active tokens. */
export function createProbeTokenCheck(
  configured: Array<{ name: string; token: string }>,
  repository: Pick<ProbeTokensRepository, 'activeHashes'>,
): ProbeTokenCheck {
  const fromConfig = new Map(configured.map(({ name, token }) => [hashProbeToken(token), name]))
  return {
    async nameOf(token) {
      const hash = hashProbeToken(token)
      return fromConfig.get(hash) ?? (await repository.activeHashes()).get(hash) ?? null
    },
    async validHashes() {
      return new Set([...fromConfig.keys(), ...(await repository.activeHashes()).keys()])
    },
  }
}
