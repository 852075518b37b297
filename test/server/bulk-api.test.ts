// POST /api/bulk/:tool through the real app: reverse DNS of many addresses against Knot on loopback,
// one NDJSON row per input with bad lines as rows of their own, the input cap, and the rate budgets
// drawn once per input; DNS lookups with the batch's options, each row's answer in one line.
import { readFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkRow, bulkSummary } from '../../src/shared/bulk.ts'
import { messages } from '../../src/shared/validation.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zone = (file: string) => readFileSync(new URL(`../fixtures/served/zones/${file}`, import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: the bulk API tests need knotd (Debian package knot)')

/** The NDJSON lines of an answer: the rows, then the summary. */
function readLines(body: string) {
  const lines = body.trimEnd().split('\n')
  const rows = lines.slice(0, -1).map((line) => bulkRow.parse(JSON.parse(line)))
  return { rows: rows.sort((a, b) => a.index - b.index), summary: bulkSummary.parse(JSON.parse(lines.at(-1) ?? '')) }
}

/** The full text of a row's answer, as the CSV's last column holds it. */
const fullText = (answer: Record<string, unknown> | undefined) => ((answer?.lines ?? []) as string[]).join('\n')

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `198.51.100.${i + 1}`)

describe.skipIf(!knotAvailable)('POST /api/bulk/:tool', () => {
  let knot: KnotServer
  let t: TestApp
  let limited: TestApp

  beforeAll(async () => {
    knot = await startKnot([
      { origin: 'example.test', text: zone('example.test.zone') },
      { origin: '100.51.198.in-addr.arpa', text: zone('100.51.198.in-addr.arpa.zone') },
    ])
    // Loopback is allowed so that the DNS tests can name Knot as their custom resolver.
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
    limited = await createTestApp({ DNS_SERVERS: knot.endpoint, RATE_LIMIT_TOOLS_PER_MINUTE: '5' })
  })
  afterAll(async () => {
    await t?.close()
    await limited?.close()
    await knot?.stop()
  })

  const bulk = (app: TestApp, tool: string, payload: object, remoteAddress = '127.0.0.1') =>
    app.app.inject({ method: 'POST', url: `/api/bulk/${tool}`, payload, remoteAddress })

  it('answers every input as its own NDJSON row, a bad line with the tool’s own message', async () => {
    const inputs = [...addresses(19), 'not-an-ip']
    inputs[9] = '198.51.100.10'
    const res = await bulk(t, 'rdns', { inputs })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    const { rows, summary } = readLines(res.body)
    expect(rows.map((row) => row.index)).toEqual(inputs.map((_, i) => i))
    expect(rows.map((row) => row.input)).toEqual(inputs)
    expect(rows[19]).toEqual({
      index: 19,
      input: 'not-an-ip',
      error: { type: 'invalid_input', message: messages.invalidReverseIp },
    })
    expect(rows[9]?.answer).toMatchObject({ tool: 'rdns', status: 'ok', input: '198.51.100.10' })
    expect(rows[9]?.answer?.lines).toContain('10.100.51.198.in-addr.arpa.\t7200\tIN\tPTR\texample.test.')
    for (const row of rows.slice(0, 19)) expect(row.answer?.tool).toBe('rdns')
    expect(summary).toEqual({ done: true, total: 20, ok: summary.ok, failed: 19 - summary.ok, refused: 0, invalid: 1 })
    expect(summary.ok).toBeGreaterThanOrEqual(1)
  })

  it('refuses more inputs than BULK_MAX_INPUTS with a clear message and runs none', async () => {
    const res = await bulk(t, 'rdns', { inputs: addresses(101).map((a, i) => (i > 90 ? '198.51.100.1' : a)) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: { type: 'invalid_input', message: 'A bulk run takes at most 100 inputs; split the list' },
    })
  })

  it('refuses an empty list and bad options for the whole batch', async () => {
    expect((await bulk(t, 'dns', { inputs: [] })).json()).toEqual({
      error: { type: 'invalid_input', message: 'Enter at least one input' },
    })
    const badType = await bulk(t, 'dns', { inputs: ['example.test'], options: { type: 'NOPE!' } })
    expect(badType.statusCode).toBe(400)
    expect(badType.json()).toEqual({
      error: {
        type: 'invalid_input',
        message:
          'Unknown record type "NOPE!": use a type name such as A, MX or HTTPS, or TYPE followed by its number (1-65535)',
      },
    })
    const both = await bulk(t, 'dns', {
      inputs: ['example.test'],
      options: { resolver: 'cloudflare', server: '127.0.0.1' },
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().error.message).toBe('Choose either a public resolver or a custom server')
    const badPort = await bulk(t, 'ssl', { inputs: ['example.test'], options: { port: 70000 } })
    expect(badPort.statusCode).toBe(400)
    expect(badPort.json()).toEqual({ error: { type: 'invalid_input', message: 'Port must be 1 to 65535' } })
  })

  it('asks every name for the batch’s record type and answers each row with its records in one line', async () => {
    const inputs = ['example.test', 'www.example.test', '@SUM(1,2)', 'nope.example.test']
    const res = await bulk(t, 'dns', { inputs, options: { type: 'MX' } })
    expect(res.statusCode).toBe(200)
    const { rows, summary } = readLines(res.body)
    expect(rows[0]?.summary).toBe('MX 10 mail.example.test · MX 20 backup-mail.example.test')
    // www is an alias with no MX at the end of its chain: the answer holds only the CNAMEs.
    expect(rows[1]?.summary).toBe('CNAME alias.example.test · CNAME web.example.test')
    expect(rows[2]).toEqual({
      index: 2,
      input: '@SUM(1,2)',
      error: { type: 'invalid_input', message: messages.invalidDomain },
    })
    expect(rows[3]?.answer?.status).toBe('failed')
    expect(rows[3]?.summary).toBe(
      `nope.example.test does not exist (NXDOMAIN from resolver ${knot.endpoint}) — the target's failure`,
    )
    expect(summary).toEqual({ done: true, total: 4, ok: 2, failed: 1, refused: 0, invalid: 1 })
  })

  it('says whose failure it is when the resolver chosen for the batch does not answer', async () => {
    const res = await bulk(t, 'dns', { inputs: ['example.test'], options: { type: 'A', server: '127.0.0.1:9' } })
    const { rows } = readLines(res.body)
    expect(rows[0]?.answer?.status).toBe('failed')
    expect(rows[0]?.summary).toMatch(/^The name server you chose, 127\.0\.0\.1:9, .+ — the target's failure$/)
  })

  it('says "no records" for an empty answer, never the SOA of the authority section', async () => {
    const res = await bulk(t, 'dns', { inputs: ['example.test', 'mail.example.test'], options: { type: 'SRV' } })
    const { rows } = readLines(res.body)
    for (const row of rows) {
      expect(row.answer?.status).toBe('ok')
      expect(row.summary).toBe('no records')
    }
    // The zone's SOA came back in the authority section, and the full text still shows it.
    expect(fullText(rows[0]?.answer)).toContain(';; AUTHORITY SECTION:')
    expect(rows[0]?.summary).not.toContain('SOA')
  })

  it('shows TXT and NS answers, and a custom resolver and DNSSEC chosen for the batch', async () => {
    const txt = readLines((await bulk(t, 'dns', { inputs: ['example.test'], options: { type: 'TXT' } })).body)
    expect(txt.rows[0]?.summary).toBe('TXT "v=spf1 mx -all"')
    const ns = readLines(
      (await bulk(t, 'dns', { inputs: ['example.test'], options: { type: 'NS', server: knot.endpoint, dnssec: true } }))
        .body,
    )
    expect(fullText(ns.rows[0]?.answer)).toContain(`example.test NS @${knot.endpoint} +dnssec`)
    const parts = ns.rows[0]?.summary?.split(' · ') ?? []
    expect(parts.slice(0, 2).sort()).toEqual(['NS ns1.example.test', 'NS ns2.example.test'])
    expect(parts[2]).toMatch(/^DNSSEC (secure|insecure|bogus|indeterminate)$/)
  })

  it('pings every input with the batch’s count and method, each row giving loss and round-trip times', async () => {
    const listener = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const port = (listener.address() as AddressInfo).port
    try {
      const icmp = readLines(
        (await bulk(t, 'ping', { inputs: ['127.0.0.1', 'bad host!'], options: { count: 2 } })).body,
      )
      expect(icmp.rows[0]?.summary).toMatch(
        /^127\.0\.0\.1: 0% loss \(2 of 2 replies\) · avg \d+\.\d{3} ms, min \d+\.\d{3} ms, max \d+\.\d{3} ms$/,
      )
      expect(icmp.rows[1]?.error).toEqual({ type: 'invalid_input', message: messages.invalidDomainOrIp })
      const tcp = readLines(
        (await bulk(t, 'ping', { inputs: ['127.0.0.1'], options: { count: 1, mode: 'tcp', port } })).body,
      )
      expect(tcp.rows[0]?.summary).toMatch(new RegExp(`^127\\.0\\.0\\.1 port ${port}: 0% loss \\(1 of 1 replies\\)`))
      const bad = await bulk(t, 'ping', { inputs: ['127.0.0.1'], options: { count: 11 } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.message).toBe('Count must be 1 to 10')
    } finally {
      listener.close()
    }
  })

  it('answers 404 naming the bulk tools for any other tool', async () => {
    const res = await bulk(t, 'traceroute', { inputs: ['127.0.0.1'] })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: {
        type: 'unknown_tool',
        message: 'Bulk runs are offered for: blacklist, dns, rdns, geolocation, asn, whois, ssl, ping',
      },
    })
  })

  it('counts every input as one run: past the budget, rows are refused and so is the next single run', async () => {
    const client = '127.0.9.1'
    const res = await bulk(limited, 'rdns', { inputs: addresses(8) }, client)
    expect(res.statusCode).toBe(200)
    const { rows, summary } = readLines(res.body)
    expect(summary).toMatchObject({ total: 8, refused: 3, invalid: 0 })
    const refused = rows.filter((row) => row.error)
    expect(refused).toHaveLength(3)
    for (const row of refused) {
      expect(row.error?.type).toBe('rate_limited')
      expect(row.error?.message).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    }
    const single = await checkTool(limited, 'rdns', '198.51.100.10', { remoteAddress: client })
    expect(single.statusCode).toBe(429)
    // Another address still has its own budget.
    const other = readLines((await bulk(limited, 'rdns', { inputs: addresses(2) }, '127.0.9.2')).body)
    expect(other.summary.refused).toBe(0)
  })

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const operation = doc.paths['/api/bulk/rdns'].post
    expect(operation.tags).toEqual(['bulk'])
    expect(operation.requestBody.content['application/json'].schema.properties.inputs.maxItems).toBe(100)
    expect(operation['x-codeSamples'][0].source).toContain(`-d '{"inputs":["1.1.1.1","example.org"]}'`)
  })
})
