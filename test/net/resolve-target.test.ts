// resolveTarget() against a real Knot server: one resolution, every address checked.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')

describe.skipIf(!knotAvailable)('resolveTarget()', () => {
  let knot: KnotServer
  let net: Net
  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    net = createNet({
      targetAllow: ['198.51.100.0/24', '2001:db8::/32'],
      dnsServers: [knot.endpoint],
      ownAddresses: [],
    })
  })
  afterAll(async () => knot?.stop())
  const resolve = (host: string, family?: 4 | 6) =>
    net.resolveTarget(host, { signal: AbortSignal.timeout(5000), family })

  it('returns every A and AAAA address of an allowed name', async () => {
    expect(await resolve('example.test')).toEqual({
      ok: true,
      host: 'example.test',
      addresses: [
        { address: '198.51.100.10', family: 4 },
        { address: '2001:db8::10', family: 6 },
      ],
    })
  })

  it('refuses a name that resolves to loopback, naming the address and range', async () => {
    expect(await resolve('loop.example.test')).toEqual({
      ok: false,
      failureSource: 'policy',
      error: 'loop.example.test resolves to 127.0.0.1, which is not allowed: loopback',
    })
  })

  it('refuses a name when any one of its addresses is denied', async () => {
    const r = await resolve('mixed.example.test')
    expect(r.ok).toBe(false)
    expect(r.ok === false && r.error).toContain('10.0.0.1')
  })

  it('checks IP literals in any spelling without a DNS query', async () => {
    const r = await resolve('0x7f.1')
    expect(r).toEqual({ ok: false, failureSource: 'policy', error: '127.0.0.1 is not allowed: loopback' })
  })

  it('reports NXDOMAIN and names without addresses of the family as target failures', async () => {
    expect(await resolve('nope.example.test')).toMatchObject({
      ok: false,
      failureSource: 'target',
      error: expect.stringMatching(/^nope\.example\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/),
    })
    expect(await resolve('v6only.example.test', 4)).toMatchObject({
      ok: false,
      failureSource: 'target',
      error: 'v6only.example.test has no A records',
    })
  })
})
