// One transfer of the test: tries the server's URLs in order and reads the answer to its end.
import { SPEED_MESSAGES } from './constants.ts'
import type { SpeedEnvironment } from './environment.ts'

/** A measurement failure with one of the product's texts as its message. */
export class SpeedTestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'SpeedTestError'
  }
}

/** "All URLs failed for this connection (HTTP 503)": the product's text plus the underlying reason. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? error.cause.message : undefined
  return cause ? `${error.message} (${cause})` : error.message
}

/** Runs `attempt` on each URL until one succeeds; cancellation is rethrown at once. */
export async function tryUrls<T>(
  urls: readonly string[],
  signal: AbortSignal,
  attempt: (url: string) => Promise<T>,
): Promise<T> {
  let last: unknown = new Error('no URL to try')
  for (const url of urls) {
    try {
      return await attempt(url)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      last = error
    }
  }
  throw new SpeedTestError(SPEED_MESSAGES.connectionFailed, { cause: last })
}

async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response
  await response.body?.cancel().catch(() => undefined)
  throw new Error(`HTTP ${response.status}`)
}

/** GETs `url` and counts the body's bytes as they arrive; returns the total. */
export async function downloadBody(
  env: SpeedEnvironment,
  url: string,
  signal: AbortSignal,
  onBytes: (count: number) => void,
): Promise<number> {
  const response = await ensureOk(await env.fetch(url, { signal }))
  const reader = response.body?.getReader()
  if (!reader) throw new SpeedTestError(SPEED_MESSAGES.noReader)
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
    onBytes(value.byteLength)
  }
}

/** POSTs `body` (no content type: a simple request, no CORS preflight) and reads the answer. */
export async function uploadBody(
  env: SpeedEnvironment,
  url: string,
  body: Blob | Uint8Array<ArrayBuffer>,
  signal: AbortSignal,
): Promise<void> {
  const response = await ensureOk(await env.fetch(url, { method: 'POST', body, signal }))
  await response.arrayBuffer()
}
