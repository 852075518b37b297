// The lab itself: topology, routing, the resolver in srv and the app reached through its socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'
import { listNamespaces } from './namespaces.ts'

let world: LabWithApp | null = null
let lab: Lab | null = null
let app: AppInNamespace | undefined

beforeAll(async () => {
  world = await startLabWithApp({ suite: 'lab tests' })
  lab = world?.lab ?? null
  app = world?.app
})

afterAll(async () => {
  const names = lab ? Object.values(lab.names) : []
  await world?.stop()
  if (names.length > 0) expect(await listNamespaces()).not.toEqual(expect.arrayContaining([names[0]]))
})

describe('the lab', () => {
  it('names its namespaces after this process, so parallel runs do not collide', (ctx) => {
    if (!lab) return ctx.skip()
    expect(lab.names.client).toBe(`ntb-${process.pid}-client`)
  })

  it('routes client to srv through r1 and r2 over IPv4 and IPv6', async (ctx) => {
    if (!lab) return ctx.skip()
    for (const target of [lab.addresses.srv.v4, lab.addresses.srv.v6]) {
      const out = await lab.exec('client', 'ping', ['-n', '-c', '1', '-W', '2', target])
      expect(out).toMatch(/ttl=62 /)
    }
  })

  it('never answers from the unused address', async (ctx) => {
    if (!lab) return ctx.skip()
    await expect(lab.exec('client', 'ping', ['-n', '-c', '1', '-W', '1', lab.addresses.unused.v4])).rejects.toThrow()
  })

  it('resolves lab names and addresses inside the namespaces through Knot in srv', async (ctx) => {
    if (!lab) return ctx.skip()
    const out = await lab.exec('client', 'ping', ['-4', '-c', '1', '-W', '2', 'srv.lab.test'])
    expect(out).toContain('64 bytes from srv.lab.test (203.0.113.10)')
  })

  it('shapes a link with a token bucket and removes the limit again', async (ctx) => {
    if (!lab) return ctx.skip()
    await lab.shape('r2-srv', '10mbit')
    expect(await lab.exec('srv', 'tc', ['qdisc', 'show', 'dev', 'eth0'])).toMatch(/tbf .*rate 10Mbit/)
    await lab.shape('r2-srv', null)
    expect(await lab.exec('srv', 'tc', ['qdisc', 'show', 'dev', 'eth0'])).not.toMatch(/tbf/)
  })

  it('serves the app inside client through a Unix socket', async (ctx) => {
    if (!app) return ctx.skip()
    const res = await app.request('GET', '/healthz')
    expect(res.status).toBe(200)
  })
})
