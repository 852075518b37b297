import { afterEach, describe, expect, it, vi } from 'vitest'
import { runTool } from './run-tool.ts'
import { ToolFailure } from './tool-outcome.ts'

const okAnswer = {
  tool: 'ping',
  input: 'example.com',
  status: 'ok',
  result: { sent: 4 },
  lines: ['4 packets'],
  durationMs: 30,
}

function serverAnswers(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('runTool()', () => {
  it('posts the input and options to the tool endpoint and returns the answer', async () => {
    const fetchMock = serverAnswers(okAnswer)
    await expect(runTool('ping', { input: 'example.com', options: { count: 4 } })).resolves.toEqual(okAnswer)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/tools/ping')
    expect(JSON.parse(String(init?.body))).toEqual({ input: 'example.com', options: { count: 4 } })
  })

  it('leaves options out of the body when there are none', async () => {
    const fetchMock = serverAnswers(okAnswer)
    await runTool('ping', { input: 'example.com' })
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ input: 'example.com' })
  })

  it('rejects with the diagnosis error when the answer says failed', async () => {
    serverAnswers({ ...okAnswer, status: 'failed', result: null, error: 'Host unreachable', failureSource: 'target' })
    const error = await runTool('ping', { input: 'example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolFailure)
    expect(error).toMatchObject({ message: 'Host unreachable', answer: { lines: ['4 packets'] } })
  })

  it('rejects with the server message for a tool the server does not run yet', async () => {
    serverAnswers({ error: { type: 'not_implemented', message: 'Ping is not available yet' } }, 501)
    await expect(runTool('ping', { input: 'example.com' })).rejects.toThrow('Ping is not available yet')
  })

  it('rejects an answer that belongs to another tool', async () => {
    serverAnswers({ ...okAnswer, tool: 'dns' })
    await expect(runTool('ping', { input: 'example.com' })).rejects.toThrow(
      'The server sent an answer this page cannot read',
    )
  })
})
