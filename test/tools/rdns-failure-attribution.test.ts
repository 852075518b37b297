// Whose failure a failed reverse DNS lookup is. This server's resolver refusing, failing or staying
// silent is our failure and says nothing about the address; only NXDOMAIN or an empty answer means
// the address has no PTR record. The API, the text lines and the CLI's closing line say the same.
// Every resolver is a stub DNS server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitCodeOf, failureLine } from '../../cli/src/outcome.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

const ADDRESS = '198.51.100.50'
const REVERSE = '50.100.51.198.in-addr.arpa'

describe('reverse DNS when this server resolver does not give an answer about the address', () => {
  const stubs: StubDns[] = []
  const apps: TestApp[] = []

  async function lookUpThrough(stub: StubDns) {
    const t = await createTestApp({ DNS_SERVERS: stub.endpoint })
    apps.push(t)
    return checkToolAnswer(t, 'rdns', ADDRESS)
  }

  let refusing: StubDns
  let failing: StubDns
  let silent: StubDns
  let empty: StubDns
  let nxdomain: StubDns

  beforeAll(async () => {
    refusing = await startStubDns('REFUSED')
    failing = await startStubDns('SERVFAIL')
    silent = await startStubDns('NOERROR', { silentFor: ['PTR'] })
    empty = await startStubDns('NOERROR')
    nxdomain = await startStubDns('NXDOMAIN')
    stubs.push(refusing, failing, silent, empty, nxdomain)
  })
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()))
    await Promise.all(stubs.map((s) => s.stop()))
  })

  it.each([
    ['REFUSED', () => refusing],
    ['SERVFAIL', () => failing],
  ])('calls %s from our resolver our failure, never "No PTR record"', async (rcode, stub) => {
    const body = await lookUpThrough(stub())
    const error = `This server's resolver ${stub().endpoint} answered ${rcode} for ${REVERSE} PTR, so the PTR records of ${ADDRESS} are unknown`
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server', error })
    expect(body.result).toMatchObject({ rcode, ptrs: [] })
    expect(body.lines).toContain(`No answer: this server's resolver answered ${rcode}; the PTR records are unknown`)
    expect(body.lines.join('\n')).not.toContain('No PTR record')
    expect(failureLine(body)).toBe(`Failed (the NetToolbox server's side failed, not the target): ${error}`)
    expect(exitCodeOf(body)).toBe(2)
  })

  it('calls a silent resolver our failure', async () => {
    const body = await lookUpThrough(silent)
    expect(body).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server could not reach its resolver ${silent.endpoint}`,
    })
    expect(JSON.stringify(body)).not.toContain('No PTR record')
  })

  it.each([
    ['an empty answer', 'NOERROR', () => empty],
    ['NXDOMAIN', 'NXDOMAIN', () => nxdomain],
  ])('calls %s "No PTR record", a fact about the target', async (_what, rcode, stub) => {
    const body = await lookUpThrough(stub())
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target', error: `No PTR record for ${ADDRESS}` })
    expect(body.result).toMatchObject({ rcode, ptrs: [] })
    expect(body.lines).toContain(`No PTR record for ${ADDRESS}`)
    expect(failureLine(body)).toBe(`Failed (the target failed): No PTR record for ${ADDRESS}`)
    expect(exitCodeOf(body)).toBe(1)
  })
})
