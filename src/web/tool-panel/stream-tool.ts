// POST /api/tools/:id as a server-sent event stream (src/shared/tool-stream.ts): places in line and
// progress events as they happen, then the answer.
import { z } from 'zod'
import { type QueuePlace, queuePlace, splitEvents } from '../../shared/tool-stream.ts'

import { errorBody, type ToolAnswer, toolResponse } from '../../shared/tools/tool-answer.ts'
import { ApiError } from '../lib/api.ts'
import { ToolFailure } from './tool-outcome.ts'

export interface ToolRunRequest {
  input: string
  options?: unknown
}

/** The result event's answer, or the ToolFailure of a failed diagnosis (thrown once the stream has ended). */
function toOutcome(id: string, data: unknown): ToolAnswer | ToolFailure {
  const parsed = toolResponse(id, z.unknown()).safeParse(data)
  if (!parsed.success) throw new Error('The server sent an answer this page cannot read', { cause: parsed.error })
  const answer: ToolAnswer = parsed.data
  return answer.status === 'failed' ? new ToolFailure(answer) : answer
}

async function failFromResponse(response: Response): Promise<never> {
  const body = errorBody.safeParse(await response.json().catch(() => undefined))
  if (body.success) throw new ApiError(body.data.error.message, response.status, body.data.error.type)
  throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}

/** How long the stream may stay open after its result before the page lets it go. */
const RESULT_END_GRACE_MS = 2000

/**
 * Runs a tool as a server-sent event stream, handing each progress event to `onProgress` and each
 * place in line to `onQueue`; a "failed" diagnosis rejects with ToolFailure, transport and HTTP
 * errors with ApiError.
 */
export async function streamTool(
  id: string,
  request: ToolRunRequest,
  options: { signal?: AbortSignal; onProgress: (partial: unknown) => void; onQueue?: (place: QueuePlace) => void },
): Promise<ToolAnswer> {
  const body = request.options === undefined ? { input: request.input } : request
  // The caller's signal cancels the run until its result is in; after that the stream only has its
  // end left to deliver, so the connection is left to finish (a reset or a new run in those last
  // milliseconds then leaves no aborted request behind) and the caller still sees an abort.
  const connection = new AbortController()
  let resultIn = false
  const cancel = () => {
    if (!resultIn) connection.abort(options.signal?.reason)
  }
  if (options.signal?.aborted) cancel()
  options.signal?.addEventListener('abort', cancel, { once: true })
  try {
    return await readToolStream(id, body, connection.signal, options, () => {
      resultIn = true
    })
  } finally {
    options.signal?.removeEventListener('abort', cancel)
  }
}

async function readToolStream(
  id: string,
  body: unknown,
  signal: AbortSignal,
  options: { signal?: AbortSignal; onProgress: (partial: unknown) => void; onQueue?: (place: QueuePlace) => void },
  onResult: () => void,
): Promise<ToolAnswer> {
  let response: Response
  try {
    response = await fetch(`/api/tools/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
  if (!response.ok) return failFromResponse(response)
  if (!response.body) throw new Error('The server sent an answer this page cannot read')
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let answer: ToolAnswer | ToolFailure | undefined
  let ended = false
  let letGo: ReturnType<typeof setTimeout> | undefined
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) {
        ended = true
        break
      }
      const { events, rest } = splitEvents(buffer + value)
      buffer = rest
      for (const { name, data } of events) {
        const place = name === 'queue' ? queuePlace.safeParse(data) : undefined
        if (place?.success) options.onQueue?.(place.data)
        else if (name === 'progress') options.onProgress(data)
        else if (name === 'result') {
          answer = toOutcome(id, data)
          onResult()
          // A stream that stays open after its result (a proxy holding it) is let go after a moment.
          letGo = setTimeout(() => reader.cancel().catch(() => {}), RESULT_END_GRACE_MS)
        } else if (name === 'error') {
          const error = errorBody.safeParse(data)
          if (!error.success) throw new ApiError('Internal server error', 500, 'internal_error')
          const { type, message } = error.data.error
          throw new ApiError(message, type === 'server_busy' ? 503 : 500, type)
        }
      }
    }
  } finally {
    clearTimeout(letGo)
    // The server ends the stream right after its result: reading it to its end (instead of
    // cancelling the read once the result is in) leaves no aborted request behind.
    if (!ended) reader.cancel().catch(() => {})
  }
  if (options.signal?.aborted) throw new DOMException('The run was cancelled', 'AbortError')
  if (answer instanceof ToolFailure) throw answer
  if (answer) return answer
  throw new ApiError('The connection closed before the result arrived', 0, 'network_error')
}
