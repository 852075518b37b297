// Concurrency caps through the real app: website checks held open by a loopback server that never
// answers fill the caps; runs over a cap are refused at once, and admitted again once slots free up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { type HoldingServer, startHoldingServer } from '../support/holding-server.ts'

describe('concurrency caps on tool runs', () => {
  let t: TestApp
  let peer: HoldingServer
  beforeAll(async () => {
    peer = await startHoldingServer()
    t = await createTestApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MAX_CONCURRENT_RUNS: '2',
      MAX_CONCURRENT_PER_TOOL: '2',
      MAX_CONCURRENT_PER_CLIENT: '1',
    })
  })
  afterAll(async () => {
    peer?.release()
    await t?.close()
    await peer?.close()
  })

  const run = (tool: string, input: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `/api/tools/${tool}`, payload: { input }, remoteAddress })

  it('refuses runs over the per-client, per-tool and overall caps at once, never queueing them', async () => {
    const settled: string[] = []
    const held = ['127.0.6.1', '127.0.6.2'].map((address) =>
      run('website-check', `http://127.0.0.1:${peer.port}/`, address).then((res) => {
        settled.push(address)
        return res
      }),
    )
    await peer.connections(2)

    const sameClient = await run('whatismyip', '', '127.0.6.1')
    expect(sameClient.statusCode).toBe(429)
    expect(sameClient.json()).toEqual({
      error: { type: 'rate_limited', message: 'Too many tool runs in progress from your address. Try again in 5 s.' },
    })
    const sameTool = await run('website-check', `http://127.0.0.1:${peer.port}/`, '127.0.6.3')
    expect(sameTool.statusCode).toBe(503)
    expect(sameTool.headers['retry-after']).toBe('5')
    expect(sameTool.json()).toEqual({
      error: { type: 'server_busy', message: 'The server is busy with too many Website Check runs. Try again in 5 s.' },
    })
    const otherTool = await run('whatismyip', '', '127.0.6.3')
    expect(otherTool.statusCode).toBe(503)
    expect(otherTool.json().error.message).toBe('The server is busy with too many tool runs. Try again in 5 s.')
    expect(settled).toEqual([])

    peer.release()
    for (const res of await Promise.all(held))
      expect(res.json()).toMatchObject({ tool: 'website-check', status: 'failed' })
    expect((await run('whatismyip', '', '127.0.6.1')).statusCode).toBe(200)
    expect((await run('whatismyip', '', '127.0.6.3')).statusCode).toBe(200)
  })

  it('frees the slot of a streamed run (server-sent events) when its stream ends', async () => {
    const stream = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tools/whatismyip',
        payload: { input: '' },
        headers: { accept: 'text/event-stream' },
        remoteAddress: '127.0.6.9',
      })
    for (let i = 0; i < 3; i++) {
      const res = await stream()
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('event: result')
    }
  })
})
