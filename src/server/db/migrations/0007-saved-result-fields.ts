// Saved results written before a tool's result fields changed are rewritten to the current shape, so
// the history and stored runs still draw them with the tool's own view:
// - whois: created/updated/expires → createdAt/updatedAt/expiresAt (ISO 8601 UTC where the old text
//   is a date), status → statuses (EPP codes without their explanatory URL), abuse → abuseContact;
// - website check: the standards report, absent before, is an empty list (nothing was judged).
// History rows (tool_results.result_data) hold the result; stored runs (runs.answer) the whole answer.
import { type Kysely, sql } from 'kysely'
import { parseWhoisDate } from '../../../diagnostics/whois/whois-dates.ts'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const RENAMED_DATES = [
  ['created', 'createdAt'],
  ['updated', 'updatedAt'],
  ['expires', 'expiresAt'],
] as const

/** "clientTransferProhibited https://icann.org/epp#clientTransferProhibited" → "clientTransferProhibited". */
const eppCode = (status: string) => status.replace(/\s+\(?https?:\/\/\S+\)?$/, '').trim()

/** The whois result in the current shape, or null when it needs no change. */
export function upgradeWhoisResult(result: Json): Json | null {
  const old = RENAMED_DATES.some(([from]) => from in result) || 'status' in result || 'abuse' in result
  if (!old) return null
  const next: Json = { ...result }
  for (const [from, to] of RENAMED_DATES) {
    const value = next[from]
    delete next[from]
    if (typeof value === 'string' && value !== '' && next[to] === undefined) next[to] = parseWhoisDate(value) ?? value
  }
  if (!Array.isArray(next.statuses)) {
    const statuses = Array.isArray(next.status) ? next.status.filter((s) => typeof s === 'string').map(eppCode) : []
    next.statuses = [...new Set(statuses.filter(Boolean))]
  }
  delete next.status
  if (isObject(next.abuse) && next.abuseContact === undefined) next.abuseContact = next.abuse
  delete next.abuse
  if (Array.isArray(next.nameServers)) {
    next.nameServers = next.nameServers.map((n) => (typeof n === 'string' ? n.toLowerCase().replace(/\.$/, '') : n))
  }
  return next
}

/** The website check's result with the standards report it lacked, or null when it has one. */
export function upgradeWebsiteCheckResult(result: Json): Json | null {
  return Array.isArray(result.standards) ? null : { ...result, standards: [] }
}

const UPGRADES: Record<string, (result: Json) => Json | null> = {
  whois: upgradeWhoisResult,
  'website-check': upgradeWebsiteCheckResult,
}

async function upgradeHistory(db: Kysely<unknown>, tool: string, upgrade: (result: Json) => Json | null) {
  const rows = await sql<{ id: string; json: string }>`
    select id, cast(result_data as text) as json from tool_results where tool_name = ${tool}`.execute(db)
  for (const row of rows.rows) {
    const result: unknown = JSON.parse(row.json)
    const next = isObject(result) ? upgrade(result) : null
    if (next) await sql`update tool_results set result_data = ${JSON.stringify(next)} where id = ${row.id}`.execute(db)
  }
}

async function upgradeRuns(db: Kysely<unknown>, tool: string, upgrade: (result: Json) => Json | null) {
  const rows = await sql<{ id: string; json: string }>`
    select id, cast(answer as text) as json from runs where tool = ${tool}`.execute(db)
  for (const row of rows.rows) {
    const answer: unknown = JSON.parse(row.json)
    if (!isObject(answer) || !isObject(answer.result)) continue
    const next = upgrade(answer.result)
    if (next) {
      await sql`update runs set answer = ${JSON.stringify({ ...answer, result: next })} where id = ${row.id}`.execute(
        db,
      )
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [tool, upgrade] of Object.entries(UPGRADES)) {
    await upgradeHistory(db, tool, upgrade)
    await upgradeRuns(db, tool, upgrade)
  }
}

/** The new names are kept: the old shape no longer parses, so there is nothing to go back to. */
export async function down(): Promise<void> {}
