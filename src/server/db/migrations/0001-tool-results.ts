import type { Kysely } from 'kysely'
import { jsonColumnType, timestampColumnType } from '../column-types.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_results')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('input_value', 'text')
    .addColumn('result_data', jsonColumnType(db), (col) => col.notNull())
    .addColumn('created_at', timestampColumnType(db), (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('tool_results_user_id_created_at_idx')
    .on('tool_results')
    .columns(['user_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_results').execute()
}
