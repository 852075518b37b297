// With Redis: BullMQ job schedulers drive the checks, one per monitor (`every` its interval, `offset`
// its place inside it), so each slot becomes exactly one job, whichever process adds or re-adds the
// scheduler, and one worker of one process takes it. The schedule lives in Redis and survives
// restarts; at start every process re-syncs it from the database (idempotent: a scheduler re-added
// with the same settings keeps its next slot), and again every five minutes.
import { Queue, Worker } from 'bullmq'
import type { FastifyBaseLogger } from 'fastify'
import type { MonitorRecord, MonitorsRepository } from './monitors-repository.ts'
import type { CheckRunner } from './run-check.ts'
import { intervalMsOf, slotOffset } from './schedule.ts'
import type { MonitorScheduler } from './scheduler.ts'

export const MONITOR_QUEUE = 'monitor-checks'
const schedulerId = (monitorId: string) => `monitor:${monitorId}`
/** How often each process re-syncs the schedulers from the database. */
const RESYNC_MS = 5 * 60_000

export interface RedisSchedulerOptions {
  redisUrl: string
  monitors: MonitorsRepository
  runner: CheckRunner
  minuteMs: number
  concurrency: number
  log: FastifyBaseLogger
  /** Key prefix of the queue in Redis (default "nettoolbox"). */
  prefix?: string
}

interface CheckJob {
  monitorId: string
}

/** A scheduler's job id is "repeat:<scheduler id>:<slot>": the slot the same in every process. */
function slotOf(jobId: string | undefined, fallback: number): number {
  const slot = Number(jobId?.split(':').at(-1))
  return Number.isSafeInteger(slot) ? slot : fallback
}

export function createRedisScheduler(options: RedisSchedulerOptions): MonitorScheduler {
  const { monitors, runner, minuteMs, log } = options
  const connection = { url: options.redisUrl }
  const prefix = options.prefix ?? 'nettoolbox'
  const queue = new Queue<CheckJob>(MONITOR_QUEUE, { connection, prefix })
  queue.on('error', (error) => log.warn({ err: error }, 'monitor queue: Redis error'))
  let worker: Worker<CheckJob> | undefined
  let stopped = false
  let resync: NodeJS.Timeout | undefined
  const running = new Set<Promise<unknown>>()

  const upsert = async (monitor: MonitorRecord) => {
    const every = intervalMsOf(monitor.intervalMinutes, minuteMs)
    await queue.upsertJobScheduler(
      schedulerId(monitor.id),
      { every, offset: slotOffset(monitor.id, every) },
      { name: 'check', data: { monitorId: monitor.id }, opts: { removeOnComplete: true, removeOnFail: 100 } },
    )
  }

  const sync = async () => {
    const active = await monitors.listActive()
    const wanted = new Set(active.map((m) => schedulerId(m.id)))
    for (const monitor of active) await upsert(monitor)
    const existing = await queue.getJobSchedulers(0, -1)
    for (const scheduler of existing) {
      const id = scheduler.id ?? scheduler.key
      if (id && !wanted.has(id)) await queue.removeJobScheduler(id)
    }
  }

  return {
    kind: 'redis',
    async start() {
      await sync()
      if (stopped) return
      // Changes that could not reach Redis (it was down) are caught up from the database.
      resync = setInterval(() => {
        sync().catch((error) => log.warn({ err: error }, 'monitor schedules: re-sync from the database failed'))
      }, RESYNC_MS)
      resync.unref()
      worker = new Worker<CheckJob>(
        MONITOR_QUEUE,
        async (job) => {
          const check = runner.run(job.data.monitorId, slotOf(job.id, job.timestamp))
          running.add(check)
          try {
            return await check
          } finally {
            running.delete(check)
          }
        },
        { connection, prefix, concurrency: options.concurrency },
      )
      worker.on('error', (error) => log.warn({ err: error }, 'monitor worker: Redis error'))
      worker.on('failed', (job, error) =>
        log.error({ err: error, monitor: job?.data.monitorId }, 'monitor check failed'),
      )
    },
    async stop() {
      stopped = true
      clearInterval(resync)
      // The checks in progress end first; then the worker closes without waiting on Redis (which
      // may be gone): a job taken meanwhile is handed out again, and its slot still runs once.
      await Promise.allSettled([...running])
      await worker?.close(true)
      await queue.close()
    },
    async changed(monitor) {
      if (monitor.paused) await queue.removeJobScheduler(schedulerId(monitor.id))
      else await upsert(monitor)
    },
    async removed(monitorId) {
      await queue.removeJobScheduler(schedulerId(monitorId))
    },
  }
}
