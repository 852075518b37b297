// Talks to a NetToolbox server over its public HTTP API. Every request carries the caller's
// deadline; every way it can go wrong becomes a ServerProblem with a sentence for the user.
import type { StreamEvent } from '../../src/shared/tool-stream.ts'
import { readEvents } from './sse.ts'

export interface ClientSettings {
  /** Base address, e.g. "http://localhost:8080". */
  server: string
  token?: string
  /** Deadline of the whole exchange, streamed answers included. */
  timeoutMs: number
}

/** Our side failed or refused: bad input, an HTTP error, no connection, no answer in time (exit code 2). */
export class ServerProblem extends Error {}

export function apiUrl(settings: ClientSettings, path: string): URL {
  return new URL(path, settings.server.endsWith('/') ? settings.server : `${settings.server}/`)
}

function headers(settings: ClientSettings, accept: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept,
    ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
  }
}

/** "connection refused" for ECONNREFUSED and the like; fetch hides the reason in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'its name could not be resolved',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'host unreachable',
  }
  if (cause?.code && reasons[cause.code]) return reasons[cause.code] as string
  return cause?.message ?? (error as Error).message
}

function describeFailure(settings: ClientSettings, signal: AbortSignal, error: unknown): ServerProblem {
  if (signal.aborted) {
    return new ServerProblem(`No answer from ${settings.server} within ${settings.timeoutMs / 1000} s (--timeout)`)
  }
  return new ServerProblem(`Cannot reach ${settings.server}: ${networkReason(error)}`)
}

/** The message of an error answer: `{ error: { message } }`, the phone lookup's `{ error }`, or the status. */
async function refusal(response: Response): Promise<ServerProblem> {
  const text = await response.text().catch(() => '')
  let message: string | undefined
  try {
    const body = JSON.parse(text) as { error?: string | { message?: string } }
    message = typeof body.error === 'string' ? body.error : body.error?.message
  } catch {}
  const retry = response.headers.get('retry-after')
  const wait = response.status === 429 && retry ? ` (try again in ${retry} s)` : ''
  return new ServerProblem(
    `The server refused the request (HTTP ${response.status}): ${message ?? response.statusText}${wait}`,
  )
}

async function send(
  settings: ClientSettings,
  path: string,
  body: unknown,
  accept: string,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(apiUrl(settings, path), {
      method: 'POST',
      headers: headers(settings, accept),
      body: JSON.stringify(body),
      signal,
    })
  } catch (error) {
    throw describeFailure(settings, signal, error)
  }
  if (!response.ok) throw await refusal(response)
  return response
}

async function readJson(settings: ClientSettings, response: Response, signal: AbortSignal): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw describeFailure(settings, signal, error)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new ServerProblem(`${settings.server} did not answer with JSON: is it a NetToolbox server?`)
  }
}

/**
 * GET of a server-sent event stream (a measurement's events): calls `onEvent` for each event until
 * the stream ends or `onEvent` answers true (done).
 */
export async function getEvents(
  settings: ClientSettings,
  path: string,
  onEvent: (event: StreamEvent) => boolean,
): Promise<void> {
  const signal = AbortSignal.timeout(settings.timeoutMs)
  let response: Response
  try {
    response = await fetch(apiUrl(settings, path), { headers: headers(settings, 'text/event-stream'), signal })
  } catch (error) {
    throw describeFailure(settings, signal, error)
  }
  if (!response.ok) throw await refusal(response)
  if (!response.body) throw new ServerProblem(`${settings.server} sent an empty answer`)
  try {
    for await (const event of readEvents(response.body)) if (onEvent(event)) return
  } catch (error) {
    if (error instanceof ServerProblem) throw error
    throw describeFailure(settings, signal, error)
  }
  throw new ServerProblem(`${settings.server} ended the stream before the measurement finished`)
}

/** POST with a JSON answer. */
export async function postJson(settings: ClientSettings, path: string, body: unknown): Promise<unknown> {
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const response = await send(settings, path, body, 'application/json', signal)
  return readJson(settings, response, signal)
}

/**
 * POST asking for server-sent events; calls `onEvent` for each event as it arrives and returns the
 * data of the `result` event. An `error` event (a refusal after the stream began) is a ServerProblem.
 */
export async function postStream(
  settings: ClientSettings,
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
): Promise<unknown> {
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const response = await send(settings, path, body, 'text/event-stream', signal)
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return readJson(settings, response, signal)
  }
  if (!response.body) throw new ServerProblem(`${settings.server} sent an empty answer`)
  try {
    for await (const event of readEvents(response.body)) {
      if (event.name === 'result') return event.data
      if (event.name === 'error') {
        const message = (event.data as { error?: { message?: string } }).error?.message ?? 'unknown error'
        throw new ServerProblem(`The server refused the request: ${message}`)
      }
      onEvent(event)
    }
  } catch (error) {
    if (error instanceof ServerProblem) throw error
    throw describeFailure(settings, signal, error)
  }
  throw new ServerProblem(`${settings.server} ended the stream without a result`)
}
