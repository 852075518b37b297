import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { createToolAnalyticsCache, resultSize } from './tool-analytics.ts'

function clientSending() {
  const send = vi.fn()
  const client = new QueryClient({ mutationCache: createToolAnalyticsCache(send) })
  const run = (key: unknown[], fn: () => Promise<unknown>, input: unknown) =>
    new MutationObserver<unknown, Error, unknown>(client, { mutationKey: key, mutationFn: fn })
      .mutate(input)
      .catch(() => undefined)
  return { send, run }
}

describe('createToolAnalyticsCache()', () => {
  it('sends tool_used with the tool only (never the input), then tool_result with success and the result size', async () => {
    const { send, run } = clientSending()
    await run(['tool', 'dns'], async () => ({ result: { records: [1, 2] } }), { input: 'example.test' })
    expect(send.mock.calls.map(([name]) => name)).toEqual(['tool_used', 'tool_result'])
    expect(send.mock.calls[0]?.[1]).toEqual({ tool_name: 'dns', timestamp: expect.any(String) })
    expect(JSON.stringify(send.mock.calls)).not.toContain('example.test')
    expect(send.mock.calls[1]?.[1]).toMatchObject({ tool_name: 'dns', success: true, result_size: 17 })
    expect(Number.isNaN(Date.parse(send.mock.calls[1]?.[1].timestamp))).toBe(false)
  })

  it('reports a failed run as unsuccessful, sized by the failed answer it carries', async () => {
    const { send, run } = clientSending()
    const failure = Object.assign(new Error('NXDOMAIN'), { answer: { result: null } })
    await run(['tool', 'ping'], () => Promise.reject(failure), { input: 'nx.test' })
    expect(send.mock.calls[1]?.[1]).toMatchObject({ tool_name: 'ping', success: false, result_size: 0 })
  })

  it('reports nothing more for a cancelled run', async () => {
    const { send, run } = clientSending()
    await run(['tool', 'ping'], () => Promise.reject(new DOMException('aborted', 'AbortError')), { input: 'a.test' })
    expect(send.mock.calls.map(([name]) => name)).toEqual(['tool_used'])
  })

  it('names the tool of a run without input and ignores mutations that are not tool runs', async () => {
    const { send, run } = clientSending()
    await run(['tool', 'whatismyip'], async () => ({ result: null }), { input: '' })
    await run(['history', 'delete'], async () => undefined, 'id-1')
    expect(send.mock.calls).toHaveLength(2)
    expect(send.mock.calls[0]?.[1]).toEqual({ tool_name: 'whatismyip', timestamp: expect.any(String) })
  })
})

describe('resultSize()', () => {
  it('counts the characters of the JSON result, 0 without one', () => {
    expect(resultSize({ result: 'abc' })).toBe(5)
    expect(resultSize({ result: null })).toBe(0)
    expect(resultSize(undefined)).toBe(0)
  })
})
