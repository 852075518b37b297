// Keeps the check history bounded: results older than MONITOR_RETENTION_DAYS are deleted, and those
// older than MONITOR_DOWNSAMPLE_HOURS are folded to one per monitor and hour (state changes kept).
// Every process may run it: both steps leave nothing to do when repeated.
import type { FastifyBaseLogger } from 'fastify'
import type { ChecksRepository } from './checks-repository.ts'
import type { Clock } from './schedule.ts'

export interface CheckRetention {
  /** One pass; returns what it deleted and folded. */
  runOnce(): Promise<{ pruned: number; folded: number }>
  start(): void
  stop(): void
}

export function createCheckRetention(
  checks: Pick<ChecksRepository, 'prune' | 'downsample'>,
  settings: { retentionMs: number; downsampleAfterMs: number; intervalMs: number },
  deps: { clock: Clock; log: FastifyBaseLogger },
): CheckRetention {
  let timer: NodeJS.Timeout | undefined
  const runOnce = async () => {
    const now = deps.clock.now()
    const pruned = await checks.prune(now - settings.retentionMs)
    let folded = 0
    for (;;) {
      const step = await checks.downsample(now - settings.downsampleAfterMs)
      folded += step
      if (step === 0) break
    }
    return { pruned, folded }
  }
  return {
    runOnce,
    start() {
      timer = setInterval(() => {
        runOnce().catch((error) => deps.log.error({ err: error }, 'pruning monitor checks failed'))
      }, settings.intervalMs)
      timer.unref()
    },
    stop: () => clearInterval(timer),
  }
}
