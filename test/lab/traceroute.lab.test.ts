// Traceroute end to end in the lab: the app runs in `client`; mtr's probes cross r1 and r2 to srv,
// and hop names come from the lab's Knot DNS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'

let world: LabWithApp | null = null
let lab: Lab | null = null
let app: AppInNamespace | undefined

beforeAll(async () => {
  world = await startLabWithApp({ suite: 'traceroute lab tests' })
  lab = world?.lab ?? null
  app = world?.app
})

afterAll(async () => world?.stop())

interface Hop {
  hop: number
  address: string | null
  hostname?: string
  sent: number
  received: number
  lossPercent: number
  avgMs: number | null
}

describe('POST /api/tools/traceroute in the lab', () => {
  const trace = async (input: string, options?: object) => {
    if (!app) throw new Error('the app is not running')
    const res = await app.runTool('traceroute', input, options)
    expect(res.status).toBe(200)
    return res.json()
  }

  it('lists r1, r2, then the target, each with its reverse name', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await trace('srv.lab.test', { count: 2 })
    expect(body.status).toBe('ok')
    expect(body.result.reached).toBe(true)
    const hops: Hop[] = body.result.hops
    expect(hops.map((h) => [h.hop, h.address, h.hostname])).toEqual([
      [1, '198.51.100.1', 'r1.lab.test'],
      [2, '198.51.100.66', 'r2.lab.test'],
      [3, '203.0.113.10', 'srv.lab.test'],
    ])
    for (const hop of hops) {
      expect(hop).toMatchObject({ sent: 2, received: 2, lossPercent: 0 })
      expect(hop.avgMs).toBeGreaterThan(0)
    }
    expect(body.lines[0]).toBe('traceroute to srv.lab.test (203.0.113.10), 30 hops max, 60 byte packets')
    expect(body.lines[2]).toMatch(/^ 1 {2}r1\.lab\.test \(198\.51\.100\.1\) +0\.0% +2 /)
  })

  it('traces over IPv6 through the routers’ IPv6 addresses', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await trace(lab.addresses.srv.v6, { count: 1 })
    expect(body.result.hops.map((h: Hop) => [h.address, h.hostname])).toEqual([
      ['2001:db8:a::1', 'r1.lab.test'],
      ['2001:db8:b::2', 'r2.lab.test'],
      ['2001:db8:c::10', 'srv.lab.test'],
    ])
  })

  it('shows the routers and then a silent hop when the target never answers', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await trace(lab.addresses.unused.v4, { count: 1 })
    expect(body.status).toBe('ok')
    expect(body.result.reached).toBe(false)
    const hops: Hop[] = body.result.hops
    expect(hops[0]).toMatchObject({ hop: 1, address: '198.51.100.1', hostname: 'r1.lab.test' })
    expect(hops.at(-1)).toMatchObject({ address: null, lossPercent: 100 })
    expect(body.lines).toContain('203.0.113.200 did not answer')
  })

  it('streams each hop as an SSE progress event before the result', async (ctx) => {
    if (!lab || !app) return ctx.skip()
    const events = await app.streamTool('traceroute', lab.addresses.srv.v4, { count: 2 })
    expect(events[0]).toMatchObject({ event: 'progress', data: { type: 'start', address: '203.0.113.10' } })
    const hopEvents = events.filter((e) => e.event === 'progress' && e.data.type === 'hop')
    const firstSeen = [...new Set(hopEvents.map((e) => e.data.hop.hop))]
    expect(firstSeen).toEqual([1, 2, 3])
    expect(events.at(-1)?.event).toBe('result')
    expect(events.at(-1)?.data.result.hops).toHaveLength(3)
    // Hops arrived in more than one piece of the stream, i.e. while mtr was still running.
    expect(new Set(hopEvents.map((e) => e.chunk)).size).toBeGreaterThan(1)
  })

  it('traces with TCP probes to a closed port: the target answers with a reset', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await trace(lab.addresses.srv.v4, { count: 1, protocol: 'tcp', port: 8444 })
    expect(body.result).toMatchObject({ protocol: 'tcp', port: 8444, reached: true })
    expect(body.result.hops.map((h: Hop) => h.address)).toEqual(['198.51.100.1', '198.51.100.66', '203.0.113.10'])
  })
})
