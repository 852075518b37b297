// The moment the shutdown grace (SHUTDOWN_GRACE_SECONDS) runs out with answers still open: event
// streams and runs still in progress end with SERVER_RESTARTING instead of being cut off silently.
// Until then they go on as usual (src/server/shutdown/graceful-stop.ts).
import type { ErrorBody } from '../../shared/tools/tool-answer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp (src/server/app.ts); routes with long answers listen to its signal. */
    shutdownNotice: ShutdownNotice
  }
}

export interface ShutdownNotice {
  /** Aborted when the grace is over: whatever is still open must answer at once and end. */
  signal: AbortSignal
  announce(): void
}

export const SERVER_RESTARTING: ErrorBody = {
  error: {
    type: 'server_restarting',
    message: 'The server is restarting and could not finish this in time. Try again in a moment.',
  },
}

export function createShutdownNotice(): ShutdownNotice {
  const controller = new AbortController()
  return {
    signal: controller.signal,
    announce: () => controller.abort(new Error('the shutdown grace is over')),
  }
}

/** The promise's value, or undefined if the notice comes first. */
export function unlessShutdown<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined)
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
