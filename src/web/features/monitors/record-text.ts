// A monitor's record in words: uptime for the kinds that watch availability, time in Problem and
// state changes for every kind, each over a window the monitor has lived through ("24 h", "since
// created 6 min ago"). Plurals agree with their numbers.
import { isAvailabilityKind, type MonitorItem, type MonitorWindow } from '../../../shared/monitors.ts'
import { formatUptime } from './monitor-text.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A span of time, rounded down: "6 min", "1 h 5 min", "3 days 4 h"; under a minute is "under a minute". */
export function formatSpan(ms: number): string {
  if (ms < MINUTE) return 'under a minute'
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`
  if (ms < 2 * DAY) {
    const minutes = Math.floor((ms % HOUR) / MINUTE)
    return `${Math.floor(ms / HOUR)} h${minutes > 0 ? ` ${minutes} min` : ''}`
  }
  const hours = Math.floor((ms % DAY) / HOUR)
  return `${countOf(Math.floor(ms / DAY), 'day', 'days')}${hours > 0 ? ` ${hours} h` : ''}`
}

/** "24 h", "7 days", "30 days", or "since created 6 min ago". */
export function windowLabel(window: Pick<MonitorWindow, 'span' | 'since'>, now: number): string {
  switch (window.span) {
    case 'h24':
      return '24 h'
    case 'd7':
      return '7 days'
    case 'd30':
      return '30 days'
    case 'created': {
      const age = Math.max(0, now - Date.parse(window.since))
      return age < MINUTE ? 'since created just now' : `since created ${formatSpan(age)} ago`
    }
  }
}

/** Time in Problem: "none" or "2 h 5 min". */
export function problemText(window: Pick<MonitorWindow, 'problemMs'>): string {
  return window.problemMs === 0 ? 'none' : formatSpan(window.problemMs)
}

/** The headline of one window: an uptime share for availability kinds, time in Problem for the others. */
export function windowHeadline(kind: MonitorItem['kind'], window: MonitorWindow): string {
  if (isAvailabilityKind(kind)) return `${formatUptime(window.uptime)} uptime`
  return window.problemMs === 0 ? 'no time in Problem' : `in Problem ${formatSpan(window.problemMs)}`
}

/** One line per window for the list: "24 h: 99.95 % uptime, 1 state change". */
export function windowLine(kind: MonitorItem['kind'], window: MonitorWindow, now: number): string {
  const label = windowLabel(window, now)
  const changes = countOf(window.stateChanges, 'state change', 'state changes')
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${windowHeadline(kind, window)}, ${changes}`
}

/** The facts of the monitor's page: uptime (availability kinds) or time in Problem, and state changes. */
export function recordFacts(monitor: Pick<MonitorItem, 'kind' | 'windows'>, now: number): [string, string][] {
  const over = (value: (w: MonitorWindow) => string) =>
    monitor.windows.map((w) => `${value(w)} (${windowLabel(w, now)})`).join(' · ') || 'no data'
  const changes: [string, string] = ['State changes', over((w) => String(w.stateChanges))]
  if (isAvailabilityKind(monitor.kind)) return [['Uptime', over((w) => formatUptime(w.uptime))], changes]
  return [['Time in Problem', over(problemText)], changes]
}

/** "1 result in a row changes the state", "2 results in a row change the state". */
export function confirmationsText(confirmations: number): string {
  return confirmations === 1
    ? '1 result in a row changes the state'
    : `${confirmations} results in a row change the state`
}
