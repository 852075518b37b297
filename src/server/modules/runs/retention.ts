// The retention job: deletes runs nobody shared after RUN_RETENTION_HOURS and shares after
// SHARE_RETENTION_DAYS (pinned shares are kept), and, when given the history, history entries
// deleted longer ago than their restore window (HISTORY_RESTORE_MS). Runs on a timer in the server
// process; purge() can also be called directly (tests, maintenance scripts).
import type { FastifyBaseLogger } from 'fastify'
import { HISTORY_RESTORE_MS } from '../../../shared/history.ts'
import type { ResultSettings } from '../../config.ts'
import type { ToolResultsRepository } from '../saved-results/repository.ts'
import type { RunsRepository } from './repository.ts'

/** How many rows a purge removed; `history` only when the job purges the history too. */
export interface PurgeCounts {
  runs: number
  shares: number
  history?: number
}

export interface ResultsRetentionDeps {
  log?: FastifyBaseLogger
  now?: () => Date
  history?: Pick<ToolResultsRepository, 'purgeDeleted'>
}

export interface ResultsRetention {
  purge(): Promise<PurgeCounts>
  /** Starts the timer (unref'd: it never keeps the process alive). */
  start(): void
  /** Stops the timer; resolves once a purge already under way has finished. */
  stop(): Promise<void>
  /** False when a share made at `sharedAt` has expired (even if the job has not run yet). */
  isShareLive(sharedAt: string, pinned: boolean): boolean
  /** ISO-8601 UTC: when a share made at `sharedAt` expires; null when pinned (it never does). */
  shareExpiresAt(sharedAt: string, pinned: boolean): string | null
}

const FIRST_PURGE_DELAY_MS = 30_000

export function createResultsRetention(
  runs: RunsRepository,
  settings: ResultSettings,
  { log, now = () => new Date(), history }: ResultsRetentionDeps = {},
): ResultsRetention {
  let timer: NodeJS.Timeout | undefined
  let first: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const purge = async (): Promise<PurgeCounts> => {
    const at = now().getTime()
    const expired = await runs.purgeExpired({
      runsCreatedBefore: new Date(at - settings.runRetentionMs),
      sharesMadeBefore: new Date(at - settings.shareRetentionMs),
    })
    if (!history) return expired
    return { ...expired, history: await history.purgeDeleted(new Date(at - HISTORY_RESTORE_MS)) }
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
              if (deleted.runs + deleted.shares + (deleted.history ?? 0) > 0)
                log?.info(deleted, 'expired runs, shares and deleted history entries removed')
            },
            (error: unknown) => log?.error({ err: error }, 'removing expired runs and shares failed'),
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
    shareExpiresAt: (sharedAt, pinned) =>
      pinned ? null : new Date(Date.parse(sharedAt) + settings.shareRetentionMs).toISOString(),
  }
}
