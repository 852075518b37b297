// When the monitors on screen are read again: soon after the earliest next check is due (its outcome
// is then in), at most a minute apart, and never more often than every 2 seconds.
import type { MonitorItem } from '../../../shared/monitors.ts'

const MIN_REFRESH_MS = 2_000
export const MAX_REFRESH_MS = 60_000
/** How long after a check is due its outcome is asked for. */
const CHECK_GRACE_MS = 1_500

type Timing = Pick<MonitorItem, 'paused' | 'disabled' | 'lastCheckAt' | 'nextCheckAt'>

/** When a monitor's next outcome is expected: its next check, or now for a first check not yet scheduled. */
function dueAt(monitor: Timing, now: number): number | null {
  if (monitor.paused || monitor.disabled) return null
  if (monitor.nextCheckAt !== null) return Date.parse(monitor.nextCheckAt)
  return monitor.lastCheckAt === null ? now : null
}

/** Milliseconds until these monitors are read again. */
export function refreshDelay(monitors: readonly Timing[], now = Date.now()): number {
  // A check overdue by more than a minute is not hurried along by asking more often.
  const due = monitors.flatMap((m) => {
    const at = dueAt(m, now)
    return at === null || now - at > MAX_REFRESH_MS ? [] : [at]
  })
  if (due.length === 0) return MAX_REFRESH_MS
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, Math.min(...due) - now + CHECK_GRACE_MS))
}
