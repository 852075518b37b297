// Concurrency caps through the real app: website checks held open by a loopback server that never
// answers fill the caps. With a line (the default) a run waits for a slot and the slot goes to the
// client with the fewest runs in progress, so four busy clients cannot keep a fifth out for longer
// than one of their runs; without one (QUEUE_PER_TOOL=0) a run over a cap is refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('concurrency caps without a line (QUEUE_PER_TOOL=0)', () => {
  let t: TestApp
  let peer: HoldingServer
  beforeAll(async () => {
    peer = await startHoldingServer()
    t = await createTestApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MAX_CONCURRENT_RUNS: '2',
      MAX_CONCURRENT_PER_TOOL: '2',
      MAX_CONCURRENT_PER_CLIENT: '1',
      QUEUE_PER_TOOL: '0',
    })
  })
  afterAll(async () => {
    peer?.release()
    await t?.close()
    await peer?.close()
  })

  const run = (tool: string, input: string, remoteAddress: string) => checkTool(t, tool, input, { remoteAddress })

  it('refuses runs over the per-client, per-tool and overall caps at once', async () => {
    const held = ['127.0.6.1', '127.0.6.2'].map((address) =>
      run('website-check', `http://127.0.0.1:${peer.port}/`, address),
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

    peer.release()
    for (const res of await Promise.all(held))
      expect(res.json()).toMatchObject({ tool: 'website-check', status: 'failed' })
    expect((await run('whatismyip', '', '127.0.6.1')).statusCode).toBe(200)
  })
})

describe('fair admission with a line', () => {
  let t: TestApp
  let peer: HoldingServer
  beforeAll(async () => {
    peer = await startHoldingServer()
    t = await createTestApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MAX_CONCURRENT_PER_TOOL: '4',
      MAX_CONCURRENT_PER_CLIENT: '2',
      QUEUE_PER_TOOL: '5',
      QUEUE_MAX_WAIT_SECONDS: '20',
    })
  })
  afterAll(async () => {
    peer?.release()
    await t?.close()
    await peer?.close()
  })

  const check = (client: number, run: number, stream = false) =>
    checkTool(t, 'website-check', `http://127.0.0.1:${peer.port}/client-${client}/run-${run}`, {
      stream,
      remoteAddress: `127.0.7.${client}`,
    })
  const started = (client: number) => peer.requests.filter((line) => line.includes(`/client-${client}/`)).length

  it('keeps four busy clients from holding a fifth out for longer than one of their runs', async () => {
    // Four clients fill the tool's four slots, and each immediately asks for another run.
    const busy = [1, 2, 3, 4].map((client) => check(client, 1))
    await peer.connections(4)
    const again = [1, 2, 3, 4].map((client) => check(client, 2))
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The fifth client waits in line and is told its place, ahead of the busy clients' second runs.
    const fifth = check(5, 1, true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(started(5)).toBe(0)

    // One run ends: the slot goes to the fifth client, not to a busy client's second run.
    peer.releaseWhere((line) => line.includes('/client-1/run-1'))
    await until(() => started(5) === 1, 'the fifth client to start')
    expect(peer.requests.filter((line) => line.includes('/run-2')).length).toBe(0)

    peer.release()
    const answer = await fifth
    expect(answer.statusCode).toBe(200)
    const events = answer.body.split('\n\n').filter(Boolean)
    expect(events[0]).toBe('event: queue\ndata: {"position":1,"estimatedWaitMs":5000}')
    expect(events.at(-1)).toMatch(/^event: result\n/)
    for (const res of await Promise.all([...busy, ...again])) expect(res.statusCode).toBe(200)
  })

  it('answers 503 only when the line itself is full', async () => {
    const peer2 = await startHoldingServer()
    const app = await createTestApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MAX_CONCURRENT_PER_TOOL: '1',
      QUEUE_PER_TOOL: '1',
    })
    try {
      const go = (client: number) =>
        checkTool(app, 'website-check', `http://127.0.0.1:${peer2.port}/`, { remoteAddress: `127.0.8.${client}` })
      const first = go(1)
      await peer2.connections(1)
      const second = go(2)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const third = await go(3)
      expect(third.statusCode).toBe(503)
      expect(third.json()).toEqual({
        error: {
          type: 'server_busy',
          message: 'The server is busy: the line for Website Check runs is full. Try again in 5 s.',
        },
      })
      peer2.release()
      expect((await first).statusCode).toBe(200)
      expect((await second).statusCode).toBe(200)
    } finally {
      peer2.release()
      await app.close()
      await peer2.close()
    }
  })
})

describe('long runs cost more of the rate budget', () => {
  it('charges a run one more unit per started period beyond the first (RUN_COST_SECONDS)', async () => {
    const peer = await startHoldingServer()
    const app = await createTestApp({
      TARGET_ALLOW: '127.0.0.0/8',
      RATE_LIMIT_TOOLS_PER_MINUTE: '4',
      RUN_COST_SECONDS: '1',
    })
    try {
      const go = (tool: string, input: string) => checkTool(app, tool, input, { remoteAddress: '127.0.9.1' })
      // A run held about 2.5 s: 1 unit when it starts, 2 more when it ends (3 started seconds).
      const held = go('website-check', `http://127.0.0.1:${peer.port}/`)
      await peer.connections(1)
      await new Promise((resolve) => setTimeout(resolve, 2500))
      peer.release()
      expect((await held).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 50))
      // 3 of 4 units are spent: one quick run fits, the next does not.
      expect((await go('whatismyip', '')).statusCode).toBe(200)
      const refused = await go('whatismyip', '')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.message).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    } finally {
      peer.release()
      await app.close()
      await peer.close()
    }
  })
})
