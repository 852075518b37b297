// Hands measurement rows to workers. Without Redis: straight to this process (an in-memory
// dispatcher). With Redis: a BullMQ queue, one job per row, worked by every site process; a job whose
// process dies stops renewing its lock and is taken over by another process (the row is then watched
// again, which is safe: see dispatch-row.ts).
import { Queue, Worker } from 'bullmq'
import type { FastifyBaseLogger as Logger } from 'fastify'
import type { Redis } from 'ioredis'
import type { RowJob } from './dispatch-row.ts'

export interface Dispatcher {
  enqueue(rows: RowJob[]): Promise<void>
  close(): Promise<void>
}

export function createMemoryDispatcher(work: (row: RowJob) => Promise<void>, log: Logger): Dispatcher {
  const running = new Set<Promise<void>>()
  return {
    async enqueue(rows) {
      for (const row of rows) {
        const job = work(row).catch((error: unknown) =>
          log.error({ err: error, row: row.index }, 'a measurement row failed'),
        )
        running.add(job)
        void job.finally(() => running.delete(job))
      }
    },
    async close() {
      // Rows still waiting for their probes do not hold the shutdown up for long.
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, 1000))])
    },
  }
}

const QUEUE = 'nettoolbox-measurement-rows'

export interface QueueDispatcherOptions {
  /** A connection for the queue (commands fail fast while Redis is away). */
  connection: Redis
  /** A connection for the worker's blocking reads (retries forever). */
  workerConnection: Redis
  concurrency: number
  lockMs: number
  log: Logger
}

/** Adding jobs gives up after this long (Redis away): the route answers 503. */
const ENQUEUE_TIMEOUT_MS = 3000

export function createQueueDispatcher(
  work: (row: RowJob) => Promise<void>,
  options: QueueDispatcherOptions,
): Dispatcher {
  const { log } = options
  const queue = new Queue<RowJob>(QUEUE, { connection: options.connection })
  queue.on('error', (error) => log.warn({ err: error }, 'measurement queue: Redis error'))
  const worker = new Worker<RowJob>(QUEUE, async (job) => work(job.data), {
    connection: options.workerConnection,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: 5,
    drainDelay: 1,
  })
  worker.on('error', (error) => log.warn({ err: error }, 'measurement worker: Redis error'))
  worker.on('failed', (job, error) => log.error({ err: error, row: job?.data.index }, 'a measurement row failed'))
  return {
    async enqueue(rows) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the measurement queue did not answer in time')), ENQUEUE_TIMEOUT_MS)
      })
      try {
        await Promise.race([
          queue.addBulk(
            rows.map((row) => ({
              name: 'row',
              data: row,
              opts: {
                jobId: `${row.measurementId}-${row.index}`,
                attempts: 3,
                backoff: { type: 'fixed', delay: 500 },
                removeOnComplete: true,
                removeOnFail: { age: 3600 },
              },
            })),
          ),
          timeout,
        ])
      } finally {
        clearTimeout(timer)
      }
    },
    async close() {
      // Rows in progress are not waited for: their locks lapse and another process takes them over.
      // Closing talks to Redis, which may be away: it gets two seconds.
      const closed = worker.close(true).then(() => queue.close())
      await Promise.race([closed.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
    },
  }
}
