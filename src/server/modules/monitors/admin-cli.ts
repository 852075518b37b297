// `npm run monitors -- disable-user <email> | enable-user <email> | disabled`: the operator's kill
// switch for one account's monitors, in the site's database (DATABASE_URL / DATA_DIR, as the server
// reads them). Every site process checks it before each check, so a switched-off account's checks
// stop at once; its monitors and their history stay.
import { ConfigError, loadConfig } from '../../config.ts'
import { createDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { createMonitorsRepository } from './monitors-repository.ts'

const USAGE = 'Usage: npm run monitors -- disable-user <email> | enable-user <email> | disabled'

async function run(args: string[]): Promise<number> {
  const [command, email] = args
  const known = command === 'disable-user' || command === 'enable-user' || command === 'disabled'
  if (!known || (command !== 'disabled' && !email)) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const database = await createDatabase(config.database)
  try {
    await migrateToLatest(database.db)
    const monitors = createMonitorsRepository(database.db)
    if (command === 'disabled') {
      const blocked = await monitors.listBlocked()
      if (blocked.length === 0) console.log('Monitoring is on for every account.')
      for (const entry of blocked)
        console.log(`${entry.email}\tswitched off ${new Date(entry.blockedAt).toISOString()}`)
      return 0
    }
    const userId = await monitors.userIdByEmail(email as string)
    if (!userId) {
      console.error(`No account has the address ${email}.`)
      return 1
    }
    const disable = command === 'disable-user'
    await monitors.setBlocked(userId, disable, Date.now())
    console.log(
      disable
        ? `Monitoring is off for ${email}: no check of its monitors runs until enable-user.`
        : `Monitoring is on again for ${email}.`,
    )
    return 0
  } finally {
    await database.close()
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
