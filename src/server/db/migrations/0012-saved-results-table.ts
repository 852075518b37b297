// The history's table takes the name of the module that keeps it: tool_results becomes saved_results
// (src/server/modules/saved-results), its rows, columns and the stored runs they point to unchanged.
// Its indexes follow under the new name; SQLite cannot rename an index, so both databases drop and
// create them again.
import type { Kysely } from 'kysely'

const indexes = [
  { suffix: 'user_id_created_at_idx', columns: ['user_id', 'created_at'] },
  { suffix: 'deleted_at_idx', columns: ['deleted_at'] },
] as const

async function renameTable(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  for (const index of indexes) await db.schema.dropIndex(`${from}_${index.suffix}`).execute()
  await db.schema.alterTable(from).renameTo(to).execute()
  for (const index of indexes)
    await db.schema
      .createIndex(`${to}_${index.suffix}`)
      .on(to)
      .columns([...index.columns])
      .execute()
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await renameTable(db, 'tool_results', 'saved_results')
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameTable(db, 'saved_results', 'tool_results')
}
