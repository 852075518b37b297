// When a monitor's checks fall due. Each monitor has its own offset inside its interval, derived from
// its id, so that monitors of the same interval spread over it instead of all running at :00. Slots
// are `k × interval + offset` (epoch milliseconds): the same grid for the database scheduler and for
// BullMQ's job schedulers (its `every` + `offset`), so a slot names one check whoever runs it.
import { createHash } from 'node:crypto'

export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** The monitor's place inside its interval: 1 … interval − 1 ms (never 0, which BullMQ reads as "none"). */
export function slotOffset(monitorId: string, intervalMs: number): number {
  if (intervalMs < 2) return 1
  const hash = createHash('sha256').update(monitorId).digest().readUInt32BE(0)
  return 1 + (hash % (intervalMs - 1))
}

/** The first slot strictly after `after`. */
export function nextSlot(after: number, intervalMs: number, offset: number): number {
  const slot = Math.floor(after / intervalMs) * intervalMs + offset
  return slot > after ? slot : slot + intervalMs
}

/** The interval of a monitor in milliseconds (`minuteMs` is 60 000 outside tests). */
export function intervalMsOf(intervalMinutes: number, minuteMs: number): number {
  return intervalMinutes * minuteMs
}
