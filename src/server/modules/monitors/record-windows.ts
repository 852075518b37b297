// A monitor's record in its own terms over windows that never reach back before it existed: uptime
// for the kinds that watch availability, time in Problem and state changes for every kind.
import {
  isAvailabilityKind,
  type MonitorKind,
  type MonitorState,
  type MonitorWindow,
  type WindowSpan,
} from '../../../shared/monitors.ts'

const DAY = 86_400_000

export const WINDOW_MS = { h24: DAY, d7: 7 * DAY, d30: 30 * DAY } as const

/**
 * The fixed windows the monitor has lived through, and, while it is younger than 30 days, one
 * window since its creation: a 6-minute-old monitor has only "since created".
 */
export function recordWindows(createdAt: number, now: number): { span: WindowSpan; since: number }[] {
  const age = Math.max(0, now - createdAt)
  const fixed = (['h24', 'd7', 'd30'] as const)
    .filter((span) => WINDOW_MS[span] <= age)
    .map((span) => ({ span, since: now - WINDOW_MS[span] }))
  return age < WINDOW_MS.d30 ? [...fixed, { span: 'created' as const, since: createdAt }] : fixed
}

export interface StateChange {
  at: number
  from: MonitorState
  to: MonitorState
}

/**
 * Time in Problem and state changes within [since, now], from the confirmed state changes (oldest
 * first) and the state now. Before the first change in the window the state is where that change
 * started from (or where the last earlier change led).
 */
export function stateRecord(
  changes: readonly StateChange[],
  since: number,
  now: number,
  current: MonitorState,
): { problemMs: number; stateChanges: number } {
  const before = changes.filter((c) => c.at < since).at(-1)
  const inside = changes.filter((c) => c.at >= since && c.at <= now)
  let state: MonitorState = before?.to ?? inside[0]?.from ?? current
  let from = since
  let problemMs = 0
  for (const change of inside) {
    if (state === 'problem') problemMs += change.at - from
    state = change.to
    from = change.at
  }
  if (state === 'problem') problemMs += now - from
  return { problemMs: Math.max(0, Math.round(problemMs)), stateChanges: inside.length }
}

export interface RecordSource {
  kind: MonitorKind
  createdAt: number
  now: number
  /** The confirmed state now (not paused: a paused monitor keeps the state it had). */
  current: MonitorState
  /** Confirmed state changes, oldest first. */
  changes: readonly StateChange[]
  /** The ok share of the checks since a time; null without any. */
  uptimeSince(since: number): Promise<number | null>
}

export async function summarizeRecord(source: RecordSource): Promise<MonitorWindow[]> {
  const availability = isAvailabilityKind(source.kind)
  return Promise.all(
    recordWindows(source.createdAt, source.now).map(async ({ span, since }) => ({
      span,
      since: new Date(since).toISOString(),
      uptime: availability ? await source.uptimeSince(since) : null,
      ...stateRecord(source.changes, since, source.now, source.current),
    })),
  )
}
