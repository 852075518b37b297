// One transfer of the test: tries the server's URLs in order and reads the answer to its end.
import { errorBody } from '../../../../shared/tools/tool-answer.ts'
import { SPEED_MESSAGES } from './constants.ts'
import type { SpeedEnvironment } from './environment.ts'

/** A measurement failure with one of the product's texts as its message. */
export class SpeedTestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'SpeedTestError'
  }
}

/**
 * Why a transfer failed, in words: the innermost cause's message ("Too much speed-test traffic from
 * your address. Try again in 30 s."); a fetch or upload that got no answer is "the connection failed".
 */
export function describeFailure(error: unknown): string {
  let inner = error
  while (inner instanceof Error && !(inner instanceof TypeError) && inner.cause !== undefined) inner = inner.cause
  if (inner instanceof TypeError) return 'the connection failed'
  const words = inner instanceof Error ? inner.message : String(inner)
  return words.length > 160 ? `${words.slice(0, 159)}…` : words
}

/** The server answered a transfer with an error status: it did not take what was sent. */
export class TransferRefused extends Error {
  constructor(status: number, body: string) {
    super(describeRefusal(status, body))
    this.name = 'TransferRefused'
  }
}

/** Whether `error`, or an error it was caused by, is a refusal by the server. */
export function wasRefused(error: unknown): boolean {
  for (let inner = error; inner instanceof Error; inner = inner.cause) if (inner instanceof TransferRefused) return true
  return false
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

/** The server's own words from an error answer `{ error: { message } }`, if it sent them. */
function serverMessage(body: string): string | undefined {
  try {
    const parsed = errorBody.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data.error.message : undefined
  } catch {
    return undefined
  }
}

/** Why a transfer was refused, in words: the server's message where it gave one. */
export function describeRefusal(status: number, body: string): string {
  const said = serverMessage(body)
  if (status === 429) return said ?? 'the server refuses more speed-test traffic from your address for now'
  if (status === 413) return said ?? 'the server does not accept a transfer this large'
  if (status >= 500) return `the server failed to answer (status ${status})`
  return said ?? `the server refused the transfer (status ${status})`
}

async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response
  const body = await response.text().catch(() => '')
  throw new TransferRefused(response.status, body)
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

/**
 * POSTs `body` and reads the answer; `onBytes` is told the bytes sent as they leave (each call the
 * bytes since the last). Returns the bytes sent.
 */
export async function uploadBody(
  env: SpeedEnvironment,
  url: string,
  body: Blob,
  signal: AbortSignal,
  onBytes: (count: number) => void,
): Promise<number> {
  let sent = 0
  const answer = await env.upload(url, body, signal, (total) => {
    if (total <= sent) return
    onBytes(total - sent)
    sent = total
  })
  if (answer.status < 200 || answer.status > 299) throw new TransferRefused(answer.status, answer.body)
  return sent
}
