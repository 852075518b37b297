// Without Redis: the database drives the checks. Each monitor's next_check_at holds its next slot;
// every process polls for due monitors and claims each with one UPDATE … WHERE next_check_at = <due>,
// so whichever process's update changes the row runs the check and the others skip it, even with
// several processes on one PostgreSQL.
import type { FastifyBaseLogger } from 'fastify'
import type { MonitorRecord, MonitorsRepository } from './monitors-repository.ts'
import type { CheckRunner } from './run-check.ts'
import { type Clock, intervalMsOf, nextSlot, slotOffset } from './schedule.ts'
import type { MonitorScheduler } from './scheduler.ts'

export interface DatabaseSchedulerOptions {
  monitors: MonitorsRepository
  runner: CheckRunner
  clock: Clock
  minuteMs: number
  /** Checks this process runs at once. */
  concurrency: number
  /**
   * How often due monitors are looked for (real time): by default every second, or four times per
   * interval minute when a minute is shorter than four seconds, so a check starts within a quarter of
   * the shortest interval after its slot.
   */
  pollMs?: number
  log: FastifyBaseLogger
}

export interface DatabaseScheduler extends MonitorScheduler {
  /** One round: claims the monitors due now and starts their checks; resolves when they have ended. */
  tick(): Promise<void>
}

export function createDatabaseScheduler(options: DatabaseSchedulerOptions): DatabaseScheduler {
  const { monitors, runner, clock, minuteMs, log } = options
  const running = new Set<Promise<void>>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let polling: Promise<void> | undefined
  const pollMs = options.pollMs ?? Math.min(1000, Math.max(50, minuteMs / 4))

  const slotAfter = (monitor: Pick<MonitorRecord, 'id' | 'intervalMinutes'>, after: number) => {
    const interval = intervalMsOf(monitor.intervalMinutes, minuteMs)
    return nextSlot(after, interval, slotOffset(monitor.id, interval))
  }

  const runClaimed = (id: string, slot: number) => {
    const work = runner
      .run(id, slot)
      .then(() => undefined)
      .catch((error) => log.error({ err: error, monitor: id }, 'monitor check failed'))
    running.add(work)
    void work.finally(() => running.delete(work))
    return work
  }

  const claimDue = async (): Promise<Promise<void>[]> => {
    const room = options.concurrency - running.size
    if (room <= 0 || stopped) return []
    const now = clock.now()
    const started: Promise<void>[] = []
    for (const { id, due } of await monitors.listDue(now, room)) {
      const monitor = await monitors.findById(id)
      if (!monitor) continue
      if (await monitors.claimDue(id, due, slotAfter(monitor, Math.max(now, due)))) started.push(runClaimed(id, due))
    }
    return started
  }

  const poll = () => {
    polling = claimDue()
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'looking for due monitors failed'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(poll, pollMs)
          timer.unref()
        }
      })
  }

  return {
    kind: 'database',
    async start() {
      // Monitors scheduled by BullMQ before (or never scheduled) get their next slot here.
      for (const monitor of await monitors.listActive()) {
        if (monitor.nextCheckAt === null)
          await monitors.update(monitor.id, { nextCheckAt: slotAfter(monitor, clock.now()) }, clock.now())
      }
      stopped = false
      poll()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await polling
      await Promise.all([...running])
    },
    async tick() {
      await Promise.all(await claimDue())
    },
    async changed(monitor) {
      const next = monitor.paused ? null : slotAfter(monitor, clock.now())
      await monitors.update(monitor.id, { nextCheckAt: next }, clock.now())
    },
    async removed() {},
  }
}
