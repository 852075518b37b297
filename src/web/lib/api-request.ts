// JSON calls to our own API with any method (GET, PATCH, DELETE...). Failures become ApiError with
// the server's own message.
import { errorBody } from '../../shared/tools/tool-answer.ts'
import { ApiError } from './api.ts'

export async function requestJson(method: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (cause) {
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
  if (response.status === 204) return undefined
  const data = await response.json().catch(() => undefined)
  if (response.ok) return data
  const parsed = errorBody.safeParse(data)
  if (parsed.success) throw new ApiError(parsed.data.error.message, response.status, parsed.data.error.type)
  throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}
