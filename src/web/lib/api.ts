// JSON calls to our own API. Failures become ApiError carrying the server's error message.
import { errorBody } from '../../shared/tools/tool-answer.ts'

export class ApiError extends Error {
  readonly status: number
  readonly type: string

  constructor(message: string, status: number, type: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ApiError'
    this.status = status
    this.type = type
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' })
  } catch (cause) {
    if (init.signal?.aborted) throw cause
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
}

/** POSTs a JSON body and returns the parsed JSON answer of a 2xx response (undefined when empty). */
export async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const response = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
  const data = await readJson(response)
  if (response.ok) return data
  const parsed = errorBody.safeParse(data)
  if (parsed.success) throw new ApiError(parsed.data.error.message, response.status, parsed.data.error.type)
  throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}
