// What the process does on SIGTERM or SIGINT. Fastify's close() stops listening at once (new
// connections are refused; a new request on an open keep-alive connection gets 503), waits for the
// requests in progress (runs finish and save their results and history rows), then runs the onClose
// hooks (monitors, measurements, Redis, the database), after which the process exits 0. If answers
// are still open when the grace (SHUTDOWN_GRACE_SECONDS) is over, the forced exit is logged, open
// event streams and runs answer SERVER_RESTARTING (shutdown-notice.ts), and the process exits 1 once
// they are written or FLUSH_MS later, whichever comes first.
import type { FastifyBaseLogger } from 'fastify'
import type { ShutdownNotice } from './shutdown-notice.ts'

/** After the grace, how long the last events may take to reach the clients before the exit. */
export const FLUSH_MS = 1_000

export interface GracefulStopOptions {
  app: { close(): Promise<unknown>; log: FastifyBaseLogger }
  notice: ShutdownNotice
  graceMs: number
  /** process.exit, or a stand-in in tests. */
  exit: (code: number) => void
  flushMs?: number
}

export function createGracefulStop({ app, notice, graceMs, exit, flushMs = FLUSH_MS }: GracefulStopOptions) {
  let stopping = false
  const graceSeconds = graceMs / 1000
  return async function stop(signal: string): Promise<void> {
    if (stopping) return
    stopping = true
    app.log.info({ signal, graceSeconds }, 'shutting down: no new connections; runs in progress may finish')
    let forced = false
    const force = setTimeout(() => {
      forced = true
      app.log.error(
        { signal, graceSeconds },
        `forced exit: answers still in progress ${graceSeconds} s after ${signal} (SHUTDOWN_GRACE_SECONDS)`,
      )
      notice.announce()
      setTimeout(() => exit(1), flushMs)
    }, graceMs)
    try {
      await app.close()
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      exit(1)
      return
    }
    clearTimeout(force)
    if (forced) return exit(1)
    app.log.info({ signal }, 'shut down cleanly')
    exit(0)
  }
}
