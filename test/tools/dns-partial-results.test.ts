// A lookup of several record types where some types get no answer (silence, SERVFAIL, REFUSED): the
// answered types count, each unanswered one is named as not checked with the reason, and nothing is
// invented for it; the same holds for the types asked at the end of a trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDnsDiagnostic } from '../../src/diagnostics/dns/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'

import type { DnsResult } from '../../src/shared/tools/dns/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

let dns: StubDns
let t: TestApp

beforeAll(async () => {
  dns = await startStubDns('NOERROR', { silentFor: ['MX'] })
  t = await createTestApp({ DNS_SERVERS: dns.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
})
afterAll(async () => {
  await t?.close()
  await dns?.stop()
})

describe('DNS lookup with a type left unanswered', () => {
  it('keeps the answered types and names the unanswered one as not checked', async () => {
    const res = await checkTool(t, 'dns', 'example.test')
    const body = res.json()
    expect(body.status).toBe('ok')
    expect(body.result.queries.map((q: { type: string }) => q.type)).toEqual(['A', 'AAAA', 'NS', 'TXT', 'CNAME'])
    expect(body.result.unanswered).toEqual([
      { type: 'MX', error: `This server could not reach its resolver ${dns.endpoint}` },
    ])
    expect(body.lines[1]).toBe(
      `; Answered 5 of 6 record types; not checked: MX: This server could not reach its resolver ${dns.endpoint}`,
    )
  }, 20_000)

  it('fails, as the server side, when no type is answered', async () => {
    const res = await checkTool(t, 'dns', 'example.test', { options: { type: 'MX' } })
    expect(res.json()).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server could not reach its resolver ${dns.endpoint}`,
    })
  }, 20_000)
})

describe('DNS lookup where the resolver answers some types with an error rcode', () => {
  let table: TableDns
  let app: TestApp

  beforeAll(async () => {
    table = await startTableDns({
      records: [
        { name: 'partial.test', type: 'A', data: '198.51.100.7' },
        { name: 'partial.test', type: 'NS', data: 'ns1.partial.test' },
      ],
      silent: ['AAAA'],
      rcodes: { MX: 'SERVFAIL', TXT: 'REFUSED' },
    })
    app = await createTestApp({ DNS_SERVERS: table.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await app?.close()
    await table?.stop()
  })

  it('counts only the answered types; SERVFAIL, REFUSED and silence are each named as not checked', async () => {
    const res = await checkTool(app, 'dns', 'partial.test')
    const body = res.json()
    const ours = `This server's resolver ${table.endpoint}`
    expect(body.status).toBe('ok')
    expect(body.result.queries.map((q: { type: string; rcode: string }) => `${q.type} ${q.rcode}`)).toEqual([
      'A NOERROR',
      'NS NOERROR',
      'CNAME NOERROR',
    ])
    expect(body.result.unanswered).toEqual([
      { type: 'AAAA', error: `This server could not reach its resolver ${table.endpoint}` },
      { type: 'MX', rcode: 'SERVFAIL', error: `${ours} answered SERVFAIL` },
      { type: 'TXT', rcode: 'REFUSED', error: `${ours} answered REFUSED` },
    ])
    expect(body.lines[1]).toBe(
      `; Answered 3 of 6 record types; not checked: AAAA: This server could not reach its resolver ${table.endpoint}; MX: ${ours} answered SERVFAIL; TXT: ${ours} answered REFUSED`,
    )
    expect(body.lines).toContain(`;; MX: not checked: ${ours} answered SERVFAIL`)
  }, 20_000)

  it('fails, as the server side, when the only type asked is answered SERVFAIL', async () => {
    const res = await checkTool(app, 'dns', 'partial.test', { options: { type: 'MX' } })
    expect(res.json()).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${table.endpoint} answered SERVFAIL for partial.test MX`,
    })
  }, 20_000)

  it('in a trace, keeps the types the authoritative server answered and names the others', async () => {
    const diagnostic = createDnsDiagnostic({ rootHints: [table.endpoint] })
    const net = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [table.endpoint], ownAddresses: [] })
    const answer = await runTool(
      diagnostic,
      { input: 'partial.test', options: { trace: true } },
      { net, signal: new AbortController().signal },
    )
    const result = answer.result as DnsResult
    const authority = `The authoritative server ${table.endpoint}`
    expect(answer.status).toBe('ok')
    expect(result.queries.map((q) => q.type)).toEqual(['A', 'NS', 'CNAME'])
    expect(result.unanswered).toEqual([
      { type: 'AAAA', error: `${authority} did not answer` },
      { type: 'MX', rcode: 'SERVFAIL', error: `${authority} answered SERVFAIL` },
      { type: 'TXT', rcode: 'REFUSED', error: `${authority} answered REFUSED` },
    ])
    expect(answer.lines).toContain(
      `; Answered 3 of 6 record types; not checked: AAAA: ${authority} did not answer; MX: ${authority} answered SERVFAIL; TXT: ${authority} answered REFUSED`,
    )
  }, 20_000)
})
