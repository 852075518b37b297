// The monitor tables as the drivers see them (migration 0009). Times are epoch milliseconds; bigint
// columns come back as strings from PostgreSQL, so repositories read them through Number().
import type { Kysely } from 'kysely'
import type { DatabaseSchema } from '../../db/schema.ts'

type Millis = number | string
type Flag = number | boolean

export interface MonitorsTable {
  id: string
  user_id: string
  name: string
  kind: string
  target: string
  /** JSON object: the kind's settings. */
  settings: string
  interval_minutes: number
  alert_email: Flag
  webhook_url: string | null
  webhook_secret: string
  confirmations: number
  paused: Flag
  /** The confirmed state: ok, problem or unknown. */
  state: string
  /** A different state seen in a row, not yet confirmed; and how many times in a row. */
  pending_state: string | null
  pending_count: number
  /** DNS: JSON array of the recorded answer set. */
  baseline: string | null
  summary: string | null
  last_check_at: Millis | null
  /** Without Redis: when the next check is due (claimed by an atomic update). */
  next_check_at: Millis | null
  /** The schedule slot of the last check that ran: a slot runs once, whatever delivered it. */
  last_slot: Millis | null
  created_at: Millis
  updated_at: Millis
}

export interface MonitorChecksTable {
  id: string
  monitor_id: string
  at: Millis
  state: string
  value: number | null
  summary: string
  run_id: string | null
  /** 1 when this check changed the confirmed state (kept by downsampling). */
  transition: Flag
  /** How many checks this row stands for (more than 1 once downsampled), and their verdicts. */
  checks: number
  ok_checks: number
  problem_checks: number
}

export interface MonitorEventsTable {
  id: string
  monitor_id: string
  at: Millis
  from_state: string
  to_state: string
  summary: string
  share_id: string | null
  alert_email: Flag
  /** none, pending, delivered or failed. */
  webhook: string
}

export interface MonitorBlockedUsersTable {
  user_id: string
  blocked_at: Millis
}

/** The accounts table of better-auth, as far as monitors read it (alert mails, the kill switch). */
export interface AccountEmailTable {
  id: string
  email: string
}

export type MonitorTables = {
  user: AccountEmailTable
  monitors: MonitorsTable
  monitor_checks: MonitorChecksTable
  monitor_events: MonitorEventsTable
  monitor_blocked_users: MonitorBlockedUsersTable
}

export type MonitorsDb = Kysely<DatabaseSchema & MonitorTables>

export function monitorsDb(db: Kysely<DatabaseSchema>): MonitorsDb {
  return db.withTables<MonitorTables>()
}

export const millis = (value: Millis): number => Number(value)
export const flag = (value: Flag): boolean => value === true || Number(value) === 1
