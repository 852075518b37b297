// Ping end to end in the lab: the app runs in `client`, probes cross r1 and r2 to reach srv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab, LabProcess } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'

const TCP_LISTENER = new URL('./scripts/tcp-listener.ts', import.meta.url).pathname

let world: LabWithApp | null = null
let lab: Lab | null = null
let app: AppInNamespace | undefined
let listener: LabProcess | undefined

beforeAll(async () => {
  world = await startLabWithApp({
    suite: 'ping lab tests',
    prepare: async (started) => {
      listener = started.spawnNode('srv', TCP_LISTENER, ['8443'])
      await listener.waitForOutput(/^READY/m)
      return {}
    },
  })
  lab = world?.lab ?? null
  app = world?.app
})

afterAll(async () => world?.stop())

describe('POST /api/tools/ping in the lab', () => {
  const ping = async (input: string, options?: object) => {
    if (!app) return null
    const res = await app.runTool('ping', input, options)
    expect(res.status).toBe(200)
    return res.json()
  }

  it('reports the real replies from srv, two routers away (ttl 62)', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await ping(lab.addresses.srv.v4, { count: 3 })
    expect(body.status).toBe('ok')
    expect(body.result.replies).toHaveLength(3)
    for (const reply of body.result.replies) {
      expect(reply).toMatchObject({ status: 'reply', from: '203.0.113.10', ttl: 62, bytes: 64 })
      expect(reply.timeMs).toBeGreaterThan(0)
    }
    expect(body.result.summary).toMatchObject({ sent: 3, received: 3, lossPercent: 0 })
    expect(body.lines[0]).toBe('PING 203.0.113.10 (203.0.113.10) 56(84) bytes of data.')
    expect(body.lines).toContain('3 packets transmitted, 3 received, 0% packet loss')
  })

  it('resolves a lab name through the configured resolver and pings IPv6 when asked', async (ctx) => {
    if (!lab) return ctx.skip()
    const v4 = await ping('srv.lab.test', { count: 1 })
    expect(v4.result).toMatchObject({ host: 'srv.lab.test', address: '203.0.113.10', family: 4 })
    const v6 = await ping('srv.lab.test', { count: 1, family: 6 })
    expect(v6.result).toMatchObject({ address: '2001:db8:c::10', family: 6 })
    expect(v6.result.replies[0]).toMatchObject({ status: 'reply', from: '2001:db8:c::10', ttl: 62 })
    expect(v6.lines[0]).toBe('PING srv.lab.test(2001:db8:c::10) 56 data bytes')
  })

  it('reports 100% loss to an address that never answers', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await ping(lab.addresses.unused.v4, { count: 2 })
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('target')
    expect(body.error).toBe('No reply from 203.0.113.200 (100% packet loss)')
    expect(body.result.replies.map((r: { status: string }) => r.status)).toEqual(['timeout', 'timeout'])
    expect(body.lines).toContain('2 packets transmitted, 0 received, 100% packet loss')
  })

  it('reports a name that does not exist as NXDOMAIN', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await ping('nosuch.lab.test')
    expect(body).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: expect.stringMatching(/^nosuch\.lab\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/),
    })
  })

  it('streams each reply as an SSE progress event before the result', async (ctx) => {
    if (!lab || !app) return ctx.skip()
    const events = await app.streamTool('ping', lab.addresses.srv.v4, { count: 3 })
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'progress', 'progress', 'result'])
    expect(events[0]?.data).toMatchObject({ type: 'start', address: '203.0.113.10', mode: 'icmp', count: 3 })
    expect(events.slice(1, 4).map((e) => e.data.reply.seq)).toEqual([1, 2, 3])
    expect(events[4]?.data.result.summary.received).toBe(3)
    // The first reply arrived in an earlier piece of the stream than the result: it was not held back.
    expect(events[1]?.chunk).toBeLessThan(events[4]?.chunk ?? -1)
  })

  it('times TCP connections: an open port and a closed one both answer', async (ctx) => {
    if (!lab) return ctx.skip()
    const open = await ping(lab.addresses.srv.v4, { mode: 'tcp', port: 8443, count: 2 })
    expect(open.status).toBe('ok')
    expect(open.result.replies.map((r: { detail: string }) => r.detail)).toEqual(['port open', 'port open'])
    const closed = await ping(lab.addresses.srv.v6, { mode: 'tcp', port: 8444, count: 1 })
    expect(closed.result.replies[0]).toMatchObject({
      status: 'reply',
      detail: 'connection refused',
      from: '2001:db8:c::10',
    })
  })

  it('reports TCP connections that are never answered as lost', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await ping(lab.addresses.unused.v4, { mode: 'tcp', port: 443, count: 1 })
    expect(body).toMatchObject({ status: 'failed', error: 'No reply from 203.0.113.200 (100% packet loss)' })
    expect(body.result.replies[0].status).toBe('timeout')
  })

  it('reports partial loss on a link too narrow for the replies', async (ctx) => {
    if (!lab) return ctx.skip()
    const args = ['qdisc', 'replace', 'dev', 'eth0', 'root', 'tbf', 'rate', '400bit', 'burst', '100b', 'latency', '1ms']
    await lab.exec('srv', 'tc', args)
    try {
      const body = await ping(lab.addresses.srv.v4, { count: 6 })
      expect(body.status).toBe('ok')
      expect(body.result.summary.received).toBeGreaterThan(0)
      expect(body.result.summary.received).toBeLessThan(6)
      expect(body.result.summary.lossPercent).toBeGreaterThan(0)
    } finally {
      await lab.exec('srv', 'tc', ['qdisc', 'del', 'dev', 'eth0', 'root'])
    }
  })
})
