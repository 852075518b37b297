// What the routes tell the scheduler, whichever runs the checks (the database's or BullMQ's).
import type { MonitorRecord } from './monitors-repository.ts'

export interface MonitorScheduler {
  readonly kind: 'database' | 'redis'
  start(): Promise<void>
  /** Stops taking checks and waits for those in progress. */
  stop(): Promise<void>
  /** A monitor was created or changed (interval, paused): its schedule follows. */
  changed(monitor: MonitorRecord): Promise<void>
  removed(monitorId: string): Promise<void>
}
