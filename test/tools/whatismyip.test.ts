// What is my IP through the API: the caller's address as Fastify derives it (TRUST_PROXY), with
// location and network from the offline data and the PTR name from a loopback Knot server.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const reverseZone = readFileSync(new URL('../fixtures/served/zones/1.1.1.in-addr.arpa.zone', import.meta.url), 'utf8')

const ask = (t: TestApp, headers: Record<string, string> = {}, payload: object = { input: '' }) =>
  checkTool(t, 'whatismyip', undefined, { payload, headers })

if (!knotAvailable) console.warn('SKIPPED: what-is-my-IP reverse names need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/whatismyip', () => {
  let knot: KnotServer
  let direct: TestApp
  let proxied: TestApp
  beforeAll(async () => {
    knot = await startKnot([{ origin: '1.1.1.in-addr.arpa', text: reverseZone }])
    direct = await createTestApp({ DNS_SERVERS: knot.endpoint })
    proxied = await createTestApp({ DNS_SERVERS: knot.endpoint, TRUST_PROXY: '127.0.0.1' })
  })
  afterAll(async () => {
    await direct?.close()
    await proxied?.close()
    await knot?.stop()
  })

  it('ignores an X-Forwarded-For header from a peer that is not a trusted proxy', async () => {
    const body = (await ask(direct, { 'x-forwarded-for': '1.1.1.1' })).json()
    expect(body.status).toBe('ok')
    expect(body.result.ip).toBe('127.0.0.1')
    expect(body.result.location).toBeUndefined()
    expect(body.result.notes).toContain(
      '127.0.0.1 is not a public address (loopback): it has no public location or network',
    )
  })

  it('honours X-Forwarded-For from a trusted proxy and shows location, network and reverse name', async () => {
    const body = (await ask(proxied, { 'x-forwarded-for': '1.1.1.1' })).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      ip: '1.1.1.1',
      family: 4,
      reverseName: 'one.one.one.one',
      location: { countryCode: 'AU' },
      network: { asn: 13335, name: 'Cloudflare, Inc.', prefix: '1.1.1.0/24' },
      notes: [],
    })
    expect(body.lines.slice(0, 2)).toEqual(['Your IP: 1.1.1.1', 'Reverse name: one.one.one.one'])
    expect(body.lines).toContain('IP Geolocation by DB-IP (CC BY 4.0) https://db-ip.com')
  })

  it('says when the address has no reverse name', async () => {
    const body = (await ask(proxied, { 'x-forwarded-for': '8.8.8.8' })).json()
    expect(body.result.reverseName).toBeUndefined()
    expect(body.result.notes).toEqual(['No reverse DNS name: REFUSED for 8.8.8.8.in-addr.arpa'])
  })

  it('takes no input: an absent input is accepted', async () => {
    const res = await ask(direct, {}, {})
    expect(res.statusCode).toBe(200)
    expect(res.json().result.ip).toBe('127.0.0.1')
  })
})
