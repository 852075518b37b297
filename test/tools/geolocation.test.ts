// Geolocation through the API: names resolved by a loopback Knot server, addresses located in the
// offline DB-IP database (real public addresses as data only; nothing is sent to them).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/geo.test.zone', import.meta.url), 'utf8')

const locate = (t: TestApp, input: string) => checkTool(t, 'geolocation', input)

describe('POST /api/tools/geolocation for addresses', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it('gives city, region, country, coordinates and network with the DB-IP attribution', async () => {
    const body = (await locate(t, '1.1.1.1')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      ip: '1.1.1.1',
      addresses: ['1.1.1.1'],
      location: { countryCode: 'AU', country: 'Australia' },
      network: { asn: 13335, name: 'Cloudflare, Inc.' },
    })
    expect(typeof body.result.location.latitude).toBe('number')
    expect(typeof body.result.location.longitude).toBe('number')
    expect(body.result.attributions[0]).toEqual({
      text: 'IP Geolocation by DB-IP',
      url: 'https://db-ip.com',
      licence: 'CC BY 4.0',
    })
    expect(body.lines).toContain('Country: Australia (AU)')
    expect(body.lines).toContain('IP Geolocation by DB-IP (CC BY 4.0) https://db-ip.com')
  })

  it('reduces a URL to its host', async () => {
    const body = (await locate(t, 'https://1.1.1.1/dns-query')).json()
    expect(body.input).toBe('1.1.1.1')
    expect(body.result.ip).toBe('1.1.1.1')
  })

  it('locates IPv6 addresses', async () => {
    const body = (await locate(t, '2606:4700:4700::1111')).json()
    expect(body.status).toBe('ok')
    expect(body.result.network.asn).toBe(13335)
  })

  it('says a private address has no public location', async () => {
    const body = (await locate(t, '192.168.1.10')).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toBe('192.168.1.10 has no public location: private network (RFC 1918)')
  })

  it('answers 400 "Invalid domain or IP format" for other input', async () => {
    const res = await locate(t, 'not a host')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Invalid domain or IP format')
  })
})

if (!knotAvailable) console.warn('SKIPPED: geolocation of domains needs knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/geolocation for domains', () => {
  let knot: KnotServer
  let t: TestApp
  beforeAll(async () => {
    knot = await startKnot([{ origin: 'geo.test', text: zoneText }])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  it('resolves the name once and locates its address', async () => {
    const body = (await locate(t, 'www.geo.test')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({ host: 'www.geo.test', ip: '1.1.1.1', location: { countryCode: 'AU' } })
    expect(body.lines[0]).toBe('IP: 1.1.1.1 (www.geo.test)')
  })

  it('locates a name that has only an IPv6 address', async () => {
    const body = (await locate(t, 'http://v6only.geo.test:8080/x')).json()
    expect(body.result).toMatchObject({ host: 'v6only.geo.test', ip: '2606:4700:4700::1111' })
  })

  it('refuses a name that resolves to a private address', async () => {
    const body = (await locate(t, 'private.geo.test')).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toBe('private.geo.test resolves to 10.1.2.3, which is not allowed: private network (RFC 1918)')
  })

  it('reports a name that does not exist', async () => {
    const body = (await locate(t, 'nowhere.geo.test')).json()
    expect(body.error).toMatch(/^nowhere\.geo\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/)
  })
})
