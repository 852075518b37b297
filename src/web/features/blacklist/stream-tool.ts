// POST /api/tools/:id as server-sent events: each progress event as it comes, then the answer.
import { z } from 'zod'
import { errorBody, type ToolAnswer, toolResponse } from '../../../shared/tools/common.ts'
import { ApiError } from '../../lib/api.ts'
import { ToolFailure } from '../tool-panel/tool-outcome.ts'
import { parseSseEvents, type SseEvent } from './sse-events.ts'

export interface StreamRequest {
  input: string
  options?: unknown
}

async function refusal(response: Response): Promise<ApiError> {
  const parsed = errorBody.safeParse(await response.json().catch(() => undefined))
  if (parsed.success) return new ApiError(parsed.data.error.message, response.status, parsed.data.error.type)
  return new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}

function answerOf(id: string, event: SseEvent): ToolAnswer {
  const data: unknown = JSON.parse(event.data)
  if (event.name === 'error') {
    const parsed = errorBody.safeParse(data)
    throw new ApiError(parsed.success ? parsed.data.error.message : 'Internal server error', 500, 'internal_error')
  }
  const parsed = toolResponse(id, z.unknown()).safeParse(data)
  if (!parsed.success) throw new Error('The server sent an answer this page cannot read', { cause: parsed.error })
  if (parsed.data.status === 'failed') throw new ToolFailure(parsed.data)
  return parsed.data
}

/** Resolves with the final answer; a failed diagnosis rejects with ToolFailure, like runTool. */
export async function streamTool(
  id: string,
  request: StreamRequest,
  onProgress: (data: unknown) => void,
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  let response: Response
  try {
    response = await fetch(`/api/tools/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(request.options === undefined ? { input: request.input } : request),
      credentials: 'same-origin',
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
  if (!response.ok || !response.body) throw await refusal(response)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    const { events, rest } = parseSseEvents(buffer + value)
    buffer = rest
    for (const event of events) {
      if (event.name === 'progress') onProgress(JSON.parse(event.data))
      else return answerOf(id, event)
    }
  }
  throw new ApiError('The server closed the stream before the result', 0, 'network_error')
}
