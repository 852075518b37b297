// A lookup of several record types where one type gets no answer: the answered types count, the
// unanswered one is named as not checked with the reason, and nothing is invented for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { type StubDns, startStubDns } from '../support/stub-dns.ts'

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
    const res = await t.app.inject({ method: 'POST', url: '/api/tools/dns', payload: { input: 'example.test' } })
    const body = res.json()
    expect(body.status).toBe('ok')
    expect(body.result.queries.map((q: { type: string }) => q.type)).toEqual(['A', 'AAAA', 'NS', 'TXT', 'CNAME'])
    expect(body.result.unanswered).toEqual([
      { type: 'MX', error: `This server's resolver ${dns.endpoint} did not answer` },
    ])
    expect(body.lines[1]).toBe(
      `; Answered 5 of 6 record types; not checked: MX: This server's resolver ${dns.endpoint} did not answer`,
    )
  }, 20_000)

  it('fails, as the server side, when no type is answered', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/dns',
      payload: { input: 'example.test', options: { type: 'MX' } },
    })
    expect(res.json()).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${dns.endpoint} did not answer`,
    })
  }, 20_000)
})
