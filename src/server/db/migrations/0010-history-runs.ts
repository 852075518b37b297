// History rows keep how the run was asked and how it ended, and a delete that can be undone:
// - options: the request's options as JSON (null when the run had none);
// - status 'ok' or 'failed', with the failure's error sentence and failureSource;
// - deleted_at: set by a delete, cleared by a restore; the results retention job purges rows deleted
//   longer ago than the restore window (src/server/modules/saved-results/repository.ts).
import type { Kysely } from 'kysely'
import { jsonColumnType, timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tool_results').addColumn('options', jsonColumnType(db)).execute()
  await db.schema
    .alterTable('tool_results')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('ok'))
    .execute()
  await db.schema.alterTable('tool_results').addColumn('error', 'text').execute()
  await db.schema.alterTable('tool_results').addColumn('failure_source', 'text').execute()
  await db.schema.alterTable('tool_results').addColumn('deleted_at', timestampColumnType(db)).execute()
  await db.schema.createIndex('tool_results_deleted_at_idx').on('tool_results').column('deleted_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tool_results_deleted_at_idx').execute()
  for (const column of ['deleted_at', 'failure_source', 'error', 'status', 'options'])
    await db.schema.alterTable('tool_results').dropColumn(column).execute()
}
