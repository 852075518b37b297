// `npm run probe-token -- create|list|revoke <name>`: issues, lists and revokes probe tokens in the
// site's database (DATABASE_URL / DATA_DIR, as the server reads them). A revoked token's probes are
// disconnected by every site process within a few seconds.
import { ConfigError, loadConfig } from '../../config.ts'
import { createDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { createProbeTokensRepository, ProbeTokenNameTaken } from './probe-tokens.ts'

const USAGE = 'Usage: npm run probe-token -- create <name> | list | revoke <name>'
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

async function run(args: string[]): Promise<number> {
  const [command, name] = args
  if (command !== 'list' && command !== 'create' && command !== 'revoke') {
    console.error(USAGE)
    return 2
  }
  if (command !== 'list' && (!name || !NAME.test(name))) {
    console.error(
      'A probe name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
    )
    return 2
  }
  const config = loadConfig()
  const database = await createDatabase(config.database)
  try {
    await migrateToLatest(database.db)
    const tokens = createProbeTokensRepository(database.db)
    if (command === 'list') {
      const items = await tokens.list()
      if (items.length === 0) console.log('No probe tokens.')
      for (const item of items) {
        console.log(`${item.name}\tcreated ${item.createdAt}${item.revokedAt ? `\trevoked ${item.revokedAt}` : ''}`)
      }
      return 0
    }
    if (command === 'create') {
      const created = await tokens.create(name as string)
      console.log(created.token)
      console.error(`Token for probe "${created.name}". It is shown only now: start the probe with PROBE_TOKEN=<it>.`)
      return 0
    }
    if (await tokens.revoke(name as string)) {
      console.log(`Revoked the token of probe "${name}".`)
      return 0
    }
    console.error(`No active probe token is named "${name}".`)
    return 1
  } catch (error) {
    if (error instanceof ProbeTokenNameTaken) {
      console.error(`${error.message}; revoke it first.`)
      return 1
    }
    throw error
  } finally {
    await database.close()
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
