// The secret better-auth signs cookies and tokens with: generated once per deployment and kept in
// the database, so every instance sharing the database agrees and restarts keep sessions valid.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

const KEY = 'auth_secret'

async function readSecret(db: Kysely<DatabaseSchema>): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return row?.value
}

export async function loadAuthSecret(db: Kysely<DatabaseSchema>): Promise<string> {
  const existing = await readSecret(db)
  if (existing) return existing
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const created = await readSecret(db)
  if (!created) throw new Error('The auth secret could not be stored')
  return created
}
