// The scan's shared limits: at most `concurrency` connections at once, none started after the
// total deadline, each connection's own deadline cut to what is left. Probes that could not be
// run are recorded with why.
import type { ProbeTarget } from './probe-protocols.ts'

export class ScanTimeUpError extends Error {
  readonly code = 'SCAN_DEADLINE'
}

export interface ScanBudget {
  /** Runs one connection's work under the limits; rejects with ScanTimeUpError once time is up. */
  connect<T>(work: (target: ProbeTarget) => Promise<T>): Promise<T>
  /** Records a probe that could not be run. */
  skip(probe: string, why: string): void
  readonly notRun: { probe: string; why: string }[]
  connections(): number
}

export function createScanBudget(target: ProbeTarget, deadlineMs: number, concurrency: number): ScanBudget {
  const deadline = performance.now() + deadlineMs
  const waiting: (() => void)[] = []
  const notRun: { probe: string; why: string }[] = []
  let active = 0
  let connections = 0
  const acquire = async () => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
  }
  const release = () => {
    active--
    waiting.shift()?.()
  }
  return {
    notRun,
    connections: () => connections,
    skip: (probe, why) => notRun.push({ probe, why }),
    async connect(work) {
      await acquire()
      try {
        const left = deadline - performance.now()
        if (left < 50 || target.signal.aborted) {
          throw new ScanTimeUpError(`the scan's ${Math.round(deadlineMs / 1000)} s ran out before this probe`)
        }
        connections++
        return await work({ ...target, timeoutMs: Math.min(target.timeoutMs, Math.round(left)) })
      } finally {
        release()
      }
    },
  }
}
