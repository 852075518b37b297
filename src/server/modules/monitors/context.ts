// What the monitor routes and their helpers share.
import type { Net } from '../../../diagnostics/net/net.ts'
import type { MonitorItem } from '../../../shared/monitors.ts'
import type { MonitorSettings } from '../../config.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { RunsRepository } from '../runs/repository.ts'
import type { ChecksRepository } from './checks-repository.ts'
import type { MonitorRecord, MonitorsRepository } from './monitors-repository.ts'
import type { Clock } from './schedule.ts'
import type { MonitorScheduler } from './scheduler.ts'

export interface MonitorContext {
  monitors: MonitorsRepository
  checks: ChecksRepository
  runs: Pick<RunsRepository, 'findByRunId'>
  /** The scheduler in use (chosen at start: BullMQ with REDIS_URL, else the database's). */
  scheduler: () => MonitorScheduler
  net: Pick<Net, 'resolveTarget' | 'policy'>
  settings: MonitorSettings
  clock: Clock
  publicUrl: string
  currentUser: CurrentUser
  toItem(monitor: MonitorRecord, disabled: boolean): Promise<MonitorItem>
}
