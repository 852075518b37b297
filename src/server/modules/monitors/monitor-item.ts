// A stored monitor as the API shows it: its confirmed state (or paused), last and next check, and its
// record over the windows it has lived through (record-windows.ts).
import type { MonitorItem } from '../../../shared/monitors.ts'
import type { ChecksRepository } from './checks-repository.ts'
import type { MonitorRecord } from './monitors-repository.ts'
import { summarizeRecord } from './record-windows.ts'
import { intervalMsOf, nextSlot, slotOffset } from './schedule.ts'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export async function toMonitorItem(
  record: MonitorRecord,
  deps: {
    checks: Pick<ChecksRepository, 'uptimeSince' | 'listEvents'>
    now: number
    minuteMs: number
    disabled: boolean
    /** The database scheduler keeps the next slot in the row; BullMQ's follows from the slot grid. */
    storedNext: boolean
  },
): Promise<MonitorItem> {
  const interval = intervalMsOf(record.intervalMinutes, deps.minuteMs)
  const idle = record.paused || deps.disabled
  const computed = () => nextSlot(deps.now, interval, slotOffset(record.id, interval))
  const next = idle ? null : deps.storedNext ? (record.nextCheckAt ?? computed()) : computed()
  const changes = (await deps.checks.listEvents(record.id)).reverse()
  const windows = await summarizeRecord({
    kind: record.kind,
    createdAt: record.createdAt,
    now: deps.now,
    current: record.track.state,
    changes,
    uptimeSince: (since) => deps.checks.uptimeSince(record.id, since),
  })
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    target: record.target,
    settings: record.settings,
    intervalMinutes: record.intervalMinutes,
    alertEmail: record.alertEmail,
    webhookUrl: record.webhookUrl,
    confirmations: record.confirmations,
    paused: record.paused,
    disabled: deps.disabled,
    state: record.paused ? 'paused' : record.track.state,
    summary: record.summary,
    lastCheckAt: iso(record.lastCheckAt),
    nextCheckAt: iso(next),
    windows,
    baseline: record.kind === 'dns' ? record.baseline : null,
    createdAt: new Date(record.createdAt).toISOString(),
  }
}
