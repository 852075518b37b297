// The retention job: deletes runs nobody shared after RUN_RETENTION_HOURS and shares after
// SHARE_RETENTION_DAYS (pinned shares are kept). Runs on a timer in the server process; purge()
// can also be called directly (tests, maintenance scripts).
import type { FastifyBaseLogger } from 'fastify'
import type { ResultSettings } from '../../config.ts'
import type { RunsRepository } from './repository.ts'

export interface ResultsRetention {
  purge(): Promise<{ runs: number; shares: number }>
  /** Starts the timer (unref'd: it never keeps the process alive). */
  start(): void
  /** Stops the timer; resolves once a purge already under way has finished. */
  stop(): Promise<void>
  /** False when a share made at `sharedAt` has expired (even if the job has not run yet). */
  isShareLive(sharedAt: string, pinned: boolean): boolean
}

const FIRST_PURGE_DELAY_MS = 30_000

export function createResultsRetention(
  runs: RunsRepository,
  settings: ResultSettings,
  { log, now = () => new Date() }: { log?: FastifyBaseLogger; now?: () => Date } = {},
): ResultsRetention {
  let timer: NodeJS.Timeout | undefined
  let first: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const purge = async () => {
    const at = now().getTime()
    return runs.purgeExpired({
      runsCreatedBefore: new Date(at - settings.runRetentionMs),
      sharesMadeBefore: new Date(at - settings.shareRetentionMs),
    })
  }
  return {
    purge,
    start() {
      if (timer) return
      const run = () => {
        // One purge at a time: a slow database never stacks them up.
        if (running) return
        running = purge()
          .then(
            (deleted) => {
              if (deleted.runs + deleted.shares > 0) log?.info(deleted, 'expired runs and shares deleted')
            },
            (error: unknown) => log?.error({ err: error }, 'deleting expired runs and shares failed'),
          )
          .finally(() => {
            running = undefined
          })
      }
      // Once soon after start (a process that restarts often still purges), then on the interval.
      first = setTimeout(run, Math.min(settings.purgeIntervalMs, FIRST_PURGE_DELAY_MS))
      first.unref()
      timer = setInterval(run, settings.purgeIntervalMs)
      timer.unref()
    },
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      timer = undefined
      await running
    },
    isShareLive: (sharedAt, pinned) => pinned || Date.parse(sharedAt) > now().getTime() - settings.shareRetentionMs,
  }
}
