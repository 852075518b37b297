// Reverse DNS end to end through the API, against a real Knot DNS server on loopback serving
// in-addr.arpa and ip6.arpa zones beside the forward zone.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zone = (file: string) => readFileSync(new URL(`../fixtures/served/zones/${file}`, import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: reverse DNS integration tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/rdns against Knot DNS', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startKnot([
      { origin: 'example.test', text: zone('example.test.zone') },
      { origin: '100.51.198.in-addr.arpa', text: zone('100.51.198.in-addr.arpa.zone') },
      { origin: '8.b.d.0.1.0.0.2.ip6.arpa', text: zone('8.b.d.0.1.0.0.2.ip6.arpa.zone') },
    ])
    // No TARGET_ALLOW: the address looked up is never contacted, only the configured resolver is.
    t = await createTestApp({ DNS_SERVERS: knot.endpoint })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  const lookup = async (input: string) => {
    return checkToolAnswer(t, 'rdns', input)
  }

  it('returns the PTR name with the TTL the server gave and confirms it forward', async () => {
    const body = await lookup('198.51.100.10')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      ip: '198.51.100.10',
      family: 4,
      reverseName: '10.100.51.198.in-addr.arpa',
      server: knot.endpoint,
      rcode: 'NOERROR',
      forwardConfirmed: true,
    })
    expect(body.result.ptrs).toEqual([
      { name: 'example.test', ttl: 7200, confirmation: 'confirmed', forwardAddresses: ['198.51.100.10'] },
    ])
    expect(body.lines).toContain('10.100.51.198.in-addr.arpa.\t7200\tIN\tPTR\texample.test.')
    expect(body.lines).toContain('confirmed: example.test resolves back to 198.51.100.10')
    expect(body.lines).toContain('Forward-confirmed reverse DNS: yes')
  })

  it('confirms a name whose forward answer is a CNAME chain', async () => {
    const body = await lookup('198.51.100.80')
    expect(body.result.ptrs).toEqual([
      { name: 'www.example.test', ttl: 900, confirmation: 'confirmed', forwardAddresses: ['198.51.100.80'] },
    ])
  })

  it('reports a mismatch when the name resolves to other addresses', async () => {
    const body = await lookup('198.51.100.81')
    expect(body.status).toBe('ok')
    expect(body.result.forwardConfirmed).toBe(false)
    expect(body.result.ptrs[0]).toMatchObject({
      name: 'web.example.test',
      confirmation: 'mismatch',
      forwardAddresses: ['198.51.100.80'],
    })
    expect(body.lines).toContain('mismatch: web.example.test resolves to 198.51.100.80, not 198.51.100.81')
    expect(body.lines).toContain('Forward-confirmed reverse DNS: no')
  })

  it('reports a PTR name that does not exist as unresolved, with the reason', async () => {
    const body = await lookup('198.51.100.82')
    expect(body.result.ptrs[0]).toMatchObject({
      name: 'ghost.example.test',
      confirmation: 'unresolved',
      forwardError: 'NXDOMAIN',
    })
    expect(body.lines).toContain('not confirmed: ghost.example.test has no A record (NXDOMAIN)')
  })

  it('checks every PTR name of an address with several', async () => {
    const body = await lookup('198.51.100.50')
    const byName = Object.fromEntries(
      body.result.ptrs.map((p: { name: string; confirmation: string }) => [p.name, p.confirmation]),
    )
    expect(byName).toEqual({ 'sip.example.test': 'confirmed', 'voice.example.test': 'unresolved' })
    expect(body.result.forwardConfirmed).toBe(true)
  })

  it('looks up IPv6 addresses under ip6.arpa and confirms them with AAAA', async () => {
    const body = await lookup('2001:db8::10')
    expect(body.status).toBe('ok')
    expect(body.result.family).toBe(6)
    expect(body.result.reverseName).toBe('0.1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa')
    expect(body.result.ptrs).toEqual([
      { name: 'example.test', ttl: 1800, confirmation: 'confirmed', forwardAddresses: ['2001:db8::10'] },
    ])
  })

  it('accepts an IPv6 address in its long form and reports a name with no AAAA record', async () => {
    const body = await lookup('2001:0DB8:0:0:0:0:0:99')
    expect(body.result.ip).toBe('2001:db8::99')
    expect(body.result.ptrs[0]).toMatchObject({
      name: 'web.example.test',
      confirmation: 'unresolved',
      forwardError: 'no AAAA record',
    })
  })

  it('fails clearly, inventing nothing, when the address has no PTR record', async () => {
    const body = await lookup('198.51.100.7')
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('target')
    expect(body.error).toBe('No PTR record for 198.51.100.7')
    expect(body.result.ptrs).toEqual([])
    expect(body.result.rcode).toBe('NXDOMAIN')
  })

  it('reports a resolver that refuses the reverse zone as a resolver failure', async () => {
    const body = await lookup('203.0.113.9')
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('server')
    expect(body.error).toBe(
      `This server's resolver ${knot.endpoint} answered REFUSED for 9.113.0.203.in-addr.arpa PTR, so the PTR records of 203.0.113.9 are unknown`,
    )
  })
})

describe('POST /api/tools/rdns input', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  const post = (input: string) => checkTool(t, 'rdns', input)

  it('answers 400 naming "1.2.3" an ambiguous IPv4 spelling, with the address the system would read', async () => {
    const res = await post('1.2.3')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(
      '1.2.3 is an ambiguous IPv4 spelling (the system would read it as 1.2.0.3); write the address as four decimal numbers from 0 to 255',
    )
  })

  it.each(['example.com', '256.1.1.1', '1::2::3', 'fe80::1%eth0'])(
    'answers 400 "Invalid IP address format" for %j',
    async (input) => {
      const res = await post(input)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: { type: 'invalid_input', message: 'Invalid IP address format' } })
    },
  )

  it('answers 400 with the product toast text for blank input', async () => {
    const res = await post('  ')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Please enter a valid domain or IP address')
  })
})
