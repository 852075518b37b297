// DNS lookup end to end through the API, against a real Knot DNS server on loopback.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')
const idnZoneText = readFileSync(new URL('../fixtures/served/zones/xn--bcher-kva.test.zone', import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: DNS integration tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/dns against Knot DNS', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startKnot([
      { origin: 'example.test', text: zoneText },
      { origin: 'xn--bcher-kva.test', text: idnZoneText },
    ])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  const lookup = (input: string, options?: object) => checkTool(t, 'dns', input, { options })

  it('returns the A record with its TTL, flags and the server used', async () => {
    const res = await lookup('example.test', { type: 'A' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('ok')
    expect(body.result.server).toBe(knot.endpoint)
    const [query] = body.result.queries
    expect(query.rcode).toBe('NOERROR')
    expect(query.flags.aa).toBe(true)
    expect(query.transport).toBe('udp')
    expect(query.answers).toEqual([
      { name: 'example.test', type: 'A', class: 'IN', ttl: 300, value: '198.51.100.10', rdata: 'c633640a' },
    ])
    expect(body.lines).toContain('example.test.\t300\tIN\tA\t198.51.100.10')
    expect(body.lines.some((l: string) => l.startsWith(';; flags: qr aa'))).toBe(true)
  })

  it('queries the product default set A/AAAA/MX/NS/TXT/CNAME when no type is given', async () => {
    const body = (await lookup('example.test')).json()
    expect(body.result.queries.map((q: { type: string }) => q.type)).toEqual(['A', 'AAAA', 'MX', 'NS', 'TXT', 'CNAME'])
    const values = (type: string) =>
      body.result.queries.find((q: { type: string }) => q.type === type).answers.map((a: { value: string }) => a.value)
    expect(values('AAAA')).toEqual(['2001:db8::10'])
    expect(values('MX').sort()).toEqual(['10 mail.example.test.', '20 backup-mail.example.test.'])
    expect(values('NS').sort()).toEqual(['ns1.example.test.', 'ns2.example.test.'])
    expect(values('TXT')).toEqual(['"v=spf1 mx -all"'])
  })

  it('uses the server given in options and follows a CNAME chain', async () => {
    const body = (await lookup('www.example.test', { type: 'A', server: knot.endpoint })).json()
    const answers = body.result.queries[0].answers
    expect(answers.map((a: { type: string; value: string }) => `${a.type} ${a.value}`)).toEqual([
      'CNAME alias.example.test.',
      'CNAME web.example.test.',
      'A 198.51.100.80',
    ])
    expect(answers[2].ttl).toBe(60)
  })

  it.each([
    ['SOA', 'example.test', 'ns1.example.test. hostmaster.example.test. 2026112101 7200 3600 1209600 300'],
    ['CAA', 'example.test', '0 issue "ca.example.test"'],
    ['SRV', '_sip._tcp.example.test', '10 60 5060 sip.example.test.'],
  ])('renders %s records in presentation format', async (type, name, value) => {
    const body = (await lookup(name, { type })).json()
    expect(body.result.queries[0].answers.map((a: { value: string }) => a.value)).toEqual([value])
  })

  it('retries over TCP when the UDP answer is truncated', async () => {
    const body = (await lookup('big.example.test', { type: 'TXT' })).json()
    expect(body.status).toBe('ok')
    expect(body.result.queries[0].transport).toBe('tcp')
    expect(body.result.queries[0].answers).toHaveLength(12)
  })

  it('reports NXDOMAIN as a failed result, never an invented answer', async () => {
    const body = (await lookup('missing.example.test', { type: 'A' })).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('target')
    expect(body.error).toMatch(/^missing\.example\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/)
    expect(body.result.queries[0].answers).toEqual([])
  })

  it('reports a name with no records of the type as found but empty', async () => {
    const body = (await lookup('mail.example.test', { type: 'MX' })).json()
    expect(body.status).toBe('ok')
    expect(body.lines.at(-1)).toBe('No DNS records found')
  })

  it.each(['bücher.test', 'BÜCHER.test', 'xn--bcher-kva.test'])(
    'queries the internationalised name %s in its ASCII form and shows both forms',
    async (input) => {
      const body = (await lookup(input, { type: 'A' })).json()
      expect(body.status).toBe('ok')
      expect(body.input).toBe('xn--bcher-kva.test')
      expect(body.result.name).toBe('xn--bcher-kva.test')
      expect(body.result.unicodeName).toBe('bücher.test')
      expect(body.result.queries[0].answers.map((a: { value: string }) => a.value)).toEqual(['198.51.100.150'])
      expect(body.lines[0]).toBe('; bücher.test is xn--bcher-kva.test in ASCII (punycode)')
    },
  )

  it('gives an ASCII name the same unicodeName and no punycode line', async () => {
    const body = (await lookup('example.test', { type: 'A' })).json()
    expect(body.result.unicodeName).toBe('example.test')
    expect(body.lines.some((l: string) => l.includes('punycode'))).toBe(false)
  })

  it('names the resolver used: the configured one by default or for "system", else the custom server', async () => {
    for (const options of [{ type: 'A' }, { type: 'A', resolver: 'system' }]) {
      const body = (await lookup('example.test', options)).json()
      expect(body.result).toMatchObject({ server: knot.endpoint, resolver: 'System resolver' })
      expect(body.lines[0]).toBe('; Resolver: System resolver')
    }
    const custom = (await lookup('example.test', { type: 'A', server: knot.endpoint })).json()
    expect(custom.result).toMatchObject({ server: knot.endpoint, resolver: 'Custom server' })
  })

  it('reports REFUSED for a zone the server does not serve', async () => {
    const body = (await lookup('elsewhere.example', { type: 'A' })).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('server')
    expect(body.error).toBe(`This server's resolver ${knot.endpoint} answered REFUSED for elsewhere.example A`)
  })

  it('reports a failure of a name server the user chose as a fact about that server, named as their choice', async () => {
    const body = (await lookup('elsewhere.example', { type: 'A', server: knot.endpoint })).json()
    expect(body).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: `The name server you chose, ${knot.endpoint}, answered REFUSED for elsewhere.example A`,
    })
  })
})

describe('POST /api/tools/dns input and policy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it('answers 400 "Invalid domain format" for a malformed domain', async () => {
    const res = await checkTool(t, 'dns', 'bad_domain!')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { type: 'invalid_input', message: 'Invalid domain format' } })
  })

  it('answers 400 with the product toast text for blank input', async () => {
    const res = await checkTool(t, 'dns', '   ')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Please enter a valid domain or IP address')
  })

  it('refuses a resolver at the cloud metadata address', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { server: '169.254.169.254' } })
    const body = res.json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toMatch(/^169\.254\.169\.254 is not allowed: /)
  })

  it('refuses a loopback resolver unless TARGET_ALLOW lists it', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { server: '127.0.0.1:53' } })
    expect(res.json().failureSource).toBe('policy')
  })

  it.each(['bü cher.test', 'bücher', 'bücher_x!.test'])(
    'answers 400 "Invalid domain format" for the Unicode name %j',
    async (input) => {
      const res = await checkTool(t, 'dns', input)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('Invalid domain format')
    },
  )

  it('answers 400 when both a public resolver and a custom server are given', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { resolver: 'quad9', server: '127.0.0.1:53' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Choose either a public resolver or a custom server')
  })

  it('answers 400 for a resolver id that is not in the public list', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { resolver: 'my-isp' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('invalid_input')
  })

  it('rejects an unknown record type with 400', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { type: 'BOGUS' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('invalid_input')
  })
})
