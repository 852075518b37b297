// The one migration set for both dialects. Add a migration: import it and list it below;
// names sort in the order they run.
import type { Kysely } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import * as toolResults from './migrations/0001-tool-results.ts'
import * as accounts from './migrations/0002-accounts.ts'
import * as events from './migrations/0003-events.ts'
import * as phoneReports from './migrations/0004-phone-reports.ts'
import * as runs from './migrations/0005-runs.ts'
import * as apiTokens from './migrations/0006-api-tokens.ts'
import * as savedResultFields from './migrations/0007-saved-result-fields.ts'
import * as probeTokens from './migrations/0008-probe-tokens.ts'
import * as monitors from './migrations/0009-monitors.ts'
import * as historyRuns from './migrations/0010-history-runs.ts'
import * as twoFactorAndTokenScopes from './migrations/0011-two-factor-and-token-scopes.ts'
import * as savedResultsTable from './migrations/0012-saved-results-table.ts'

export const migrations: Readonly<Record<string, Migration>> = {
  '0001-tool-results': toolResults,
  '0002-accounts': accounts,
  '0003-events': events,
  '0004-phone-reports': phoneReports,
  '0005-runs': runs,
  '0006-api-tokens': apiTokens,
  '0007-saved-result-fields': savedResultFields,
  '0008-probe-tokens': probeTokens,
  '0009-monitors': monitors,
  '0010-history-runs': historyRuns,
  '0011-two-factor-and-token-scopes': twoFactorAndTokenScopes,
  '0012-saved-results-table': savedResultsTable,
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')
    const what = failed ? `Migration "${failed.migrationName}" failed` : 'Database migration failed'
    throw new Error(what, { cause: error })
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
