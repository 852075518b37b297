import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, postJson } from './api.ts'

function answerWith(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response
    return response
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('postJson()', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const fetchMock = answerWith(Response.json({ ok: true }))
    await expect(postJson('/api/x', { input: 'a' })).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/x')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"input":"a"}' })
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json')
  })

  it("throws the server's error message, status and type", async () => {
    answerWith(
      Response.json({ error: { type: 'validation_error', message: 'Invalid domain format' } }, { status: 400 }),
    )
    const error = await postJson('/api/x', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: 'Invalid domain format', status: 400, type: 'validation_error' })
  })

  it('names the status when the error answer is not our error shape', async () => {
    answerWith(new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(postJson('/api/x', {})).rejects.toThrow('Request failed with status 502')
  })

  it('says the server could not be reached when the request fails', async () => {
    answerWith(new TypeError('fetch failed'))
    await expect(postJson('/api/x', {})).rejects.toThrow('Could not reach the server')
  })
})
