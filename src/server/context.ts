// Opens what the app needs at start (database, migrations) and builds it.
import type { FastifyInstance } from 'fastify'
import { type AppDeps, buildApp } from './app.ts'
import type { Config } from './config.ts'
import { createDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'

export async function startApp(config: Config, deps: Omit<AppDeps, 'database'> = {}): Promise<FastifyInstance> {
  const database = await createDatabase(config.database)
  try {
    await migrateToLatest(database.db)
    return await buildApp(config, { ...deps, database })
  } catch (error) {
    await database.close()
    throw error
  }
}
