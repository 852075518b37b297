// DNS trace (+trace): a walk from stand-in root servers down a real Knot delegation tree on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDnsDiagnostic } from '../../src/diagnostics/dns/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { loadConfig } from '../../src/server/config.ts'
import type { DnsResult, DnsTraceStep } from '../../src/shared/tools/dns/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import {
  type DelegationTree,
  LEAF_ADDRESS,
  ROOT_ADDRESS,
  startDelegationTree,
  TLD_ADDRESS,
} from '../support/dns/delegation-tree.ts'
import { knotAvailable } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: DNS trace tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('DNS trace through a delegation tree', () => {
  let tree: DelegationTree

  beforeAll(async () => {
    tree = await startDelegationTree()
  })
  afterAll(async () => tree?.stop())

  /** Runs the DNS diagnostic built with DNS_ROOT_HINTS pointing at the stand-in root. */
  async function trace(input: string, options: object = {}, targetAllow = ['127.0.0.0/8']) {
    const config = loadConfig({ DNS_ROOT_HINTS: tree.rootHint, DNS_SERVERS: '127.0.0.1:9' })
    const diagnostic = createDnsDiagnostic({ rootHints: config.dnsRootHints })
    const net = createNet({ targetAllow, dnsServers: config.dnsServers, ownAddresses: [] })
    const progress: unknown[] = []
    const answer = await runTool(
      diagnostic,
      { input, options: { trace: true, ...options } },
      { net, signal: new AbortController().signal, progress: (p) => progress.push(p) },
    )
    return { answer, result: answer.result as DnsResult, steps: (answer.result as DnsResult).trace ?? [], progress }
  }
  const summary = (steps: DnsTraceStep[]) =>
    steps.map((s) => `${s.zone} ${s.server} ${s.outcome} ${s.referral ?? ''}`.trim())

  it('follows referrals with glue from the root to the authoritative server', async () => {
    const { answer, result, steps, progress } = await trace('example.test', { type: 'A' })
    expect(answer.status).toBe('ok')
    expect(summary(steps)).toEqual([
      `. ${tree.endpoint(ROOT_ADDRESS)} referral test.`,
      `test. ${tree.endpoint(TLD_ADDRESS)} referral example.test.`,
      `example.test. ${tree.endpoint(LEAF_ADDRESS)} answer`,
    ])
    expect(steps[0]?.records).toEqual([
      { name: 'test', type: 'NS', class: 'IN', ttl: 172800, value: 'ns1.test.', rdata: '036e7331047465737400' },
    ])
    const glueBytes = Buffer.from(TLD_ADDRESS.split('.').map(Number)).toString('hex')
    expect(steps[0]?.glue).toEqual([
      { name: 'ns1.test', type: 'A', class: 'IN', ttl: 172800, value: TLD_ADDRESS, rdata: glueBytes },
    ])
    expect(steps[1]?.serverName).toBe('ns1.test')
    expect(steps[2]?.records.map((r) => r.value)).toEqual(['198.51.100.10'])
    expect(result.server).toBe(tree.endpoint(LEAF_ADDRESS))
    expect(result.resolver).toBe('Delegation walk from the root servers')
    expect(result.queries[0]).toMatchObject({ type: 'A', rcode: 'NOERROR', flags: { aa: true, rd: false } })
    expect(progress).toEqual(steps.map((step) => ({ traceStep: step })))
  })

  it('prints each step like dig +trace: records, then who answered', async () => {
    const { answer } = await trace('example.test', { type: 'A' })
    expect(answer.lines).toContain('test.\t172800\tIN\tNS\tns1.test.')
    expect(answer.lines).toContain('ns1.test.\t172800\tIN\tA\t127.53.0.2')
    const received = answer.lines.filter((l) => l.startsWith(';; Received'))
    expect(received).toHaveLength(3)
    expect(received[0]).toMatch(/^;; Received referral to test\. from 127\.53\.0\.1:\d+ in \d+ ms$/)
    expect(received[1]).toMatch(
      /^;; Received referral to example\.test\. from 127\.53\.0\.2:\d+ \(ns1\.test\) in \d+ ms$/,
    )
    expect(received[2]).toMatch(/^;; Received answer from 127\.53\.0\.3:\d+ \(ns1\.example\.test\) in \d+ ms$/)
  })

  it('asks the authoritative server for every default type once the walk ends', async () => {
    const { result } = await trace('example.test')
    expect(result.queries.map((q) => q.type)).toEqual(['A', 'AAAA', 'MX', 'NS', 'TXT', 'CNAME'])
    expect(result.queries.find((q) => q.type === 'AAAA')?.answers.map((a) => a.value)).toEqual(['2001:db8::10'])
  })

  it('finds a glueless name server by a separate walk and says so', async () => {
    const { answer, steps } = await trace('www.glueless.test', { type: 'A' })
    expect(answer.status).toBe('ok')
    const last = steps.at(-1)
    expect(last).toMatchObject({
      zone: 'glueless.test.',
      server: tree.endpoint(LEAF_ADDRESS),
      serverName: 'ns.hosting.other',
    })
    expect(last?.notes).toEqual(['ns.hosting.other has no glue: 127.53.0.3 found by a separate walk from the root'])
    expect(last?.records).toEqual([
      { name: 'www.glueless.test', type: 'A', class: 'IN', ttl: 600, value: '198.51.100.120', rdata: 'c6336478' },
    ])
  })

  it('asks the next name server of a zone when one does not answer', async () => {
    const { answer, steps } = await trace('www.backup.test', { type: 'A' })
    expect(answer.status).toBe('ok')
    expect(steps.slice(2).map((s) => [s.serverName, s.outcome, s.error])).toEqual([
      ['ns0.backup.test', 'failed', 'timeout'],
      ['ns1.backup.test', 'answer', undefined],
    ])
    expect(answer.lines).toContain(
      `;; No usable answer from ${tree.endpoint('127.53.0.9')} (ns0.backup.test) for backup.test.: timeout`,
    )
  })

  it('ends with NXDOMAIN from the authoritative server as a failed result that keeps the walk', async () => {
    const { answer, steps } = await trace('missing.example.test', { type: 'A' })
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: expect.stringMatching(/^missing\.example\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/),
    })
    expect(steps.map((s) => s.outcome)).toEqual(['referral', 'referral', 'nxdomain'])
    expect(steps[2]?.records.map((r) => r.type)).toEqual(['SOA'])
  })

  it('never asks a server the target policy denies, and fails on policy when none is left', async () => {
    const { answer, steps } = await trace('www.denied.test', { type: 'A' })
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'policy',
      error: '169.254.169.254 is not allowed: cloud metadata / link-local',
    })
    expect(steps.at(-1)).toMatchObject({ zone: 'denied.test.', serverName: 'ns1.denied.test', outcome: 'failed' })
    expect(steps.at(-1)?.rcode).toBeUndefined()
    expect(answer.lines.at(-2)).toMatch(
      /^;; No usable answer from 169\.254\.169\.254:\d+ \(ns1\.denied\.test\) for denied\.test\.: /,
    )
  })

  it('checks the root hints against the policy too', async () => {
    const { answer, steps } = await trace('example.test', { type: 'A' }, [])
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'policy',
      error: '127.53.0.1 is not allowed: loopback',
    })
    expect(steps).toHaveLength(1)
  })

  it('gives up on a lame delegation whose server only refers back', async () => {
    const { answer, steps } = await trace('www.lame.test', { type: 'A' })
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No name server of lame.test. gave a usable answer',
    })
    expect(steps.at(-1)).toMatchObject({
      outcome: 'failed',
      error: 'referral to lame.test does not lead closer to www.lame.test',
    })
  })

  it('shows the DS record of a signed child in the referral and signatures in the answer with dnssec', async () => {
    const { answer, steps } = await trace('www.signed.test', { type: 'A', dnssec: true })
    expect(answer.status).toBe('ok')
    const referral = steps.find((s) => s.referral === 'signed.test.')
    expect(referral?.records.filter((r) => r.type === 'DS').map((r) => r.value)).toEqual([
      '12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
    ])
    expect(referral?.records.map((r) => r.type)).toEqual(['NS', 'DS', 'RRSIG'])
    expect(steps.at(-1)?.records.map((r) => r.type)).toEqual(['A', 'RRSIG'])
  })
})

describe.skipIf(!knotAvailable)('DNS trace through POST /api/tools/dns', () => {
  let tree: DelegationTree
  let t: TestApp

  beforeAll(async () => {
    tree = await startDelegationTree()
    t = await createTestApp({ DNS_ROOT_HINTS: tree.rootHint, TARGET_ALLOW: '127.0.0.0/8', DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => {
    await t?.close()
    await tree?.stop()
  })

  async function traceThroughApi(input: string, options: object = {}) {
    const body = await checkToolAnswer(t, 'dns', input, { options: { trace: true, ...options } })
    return { body, result: body.result as DnsResult, steps: (body.result as DnsResult).trace ?? [] }
  }

  it('shows each zone, the server asked and its referral, then the answer of the authoritative server', async () => {
    const { body, result, steps } = await traceThroughApi('example.test', { type: 'A' })
    expect(body).toMatchObject({ tool: 'dns', input: 'example.test', status: 'ok' })
    expect(steps.map((s) => [s.zone, s.server, s.outcome, s.referral])).toEqual([
      ['.', tree.endpoint(ROOT_ADDRESS), 'referral', 'test.'],
      ['test.', tree.endpoint(TLD_ADDRESS), 'referral', 'example.test.'],
      ['example.test.', tree.endpoint(LEAF_ADDRESS), 'answer', undefined],
    ])
    expect(steps[1]?.serverName).toBe('ns1.test')
    expect(steps[2]?.serverName).toBe('ns1.example.test')
    expect(result.server).toBe(tree.endpoint(LEAF_ADDRESS))
    expect(result.queries[0]).toMatchObject({ type: 'A', rcode: 'NOERROR', flags: { aa: true } })
    expect(result.queries[0]?.answers.map((a) => a.value)).toEqual(['198.51.100.10'])
    expect(body.lines).toContain('test.\t172800\tIN\tNS\tns1.test.')
    expect(body.lines.filter((l: string) => l.startsWith(';; Received referral'))).toHaveLength(2)
  })

  it('ends with NXDOMAIN for a missing name and keeps the walk that led there', async () => {
    const { body, steps } = await traceThroughApi('missing.example.test', { type: 'A' })
    expect(body).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^missing\.example\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/),
    })
    expect(steps.map((s) => `${s.zone} ${s.outcome}`)).toEqual([
      '. referral',
      'test. referral',
      'example.test. nxdomain',
    ])
  })
})

describe('DNS trace options through the API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it.each([[{ trace: true, server: '127.0.0.1:53' }], [{ trace: true, resolver: 'cloudflare' }]])(
    'answers 400 for a trace that names a resolver (%j)',
    async (options) => {
      const res = await checkTool(t, 'dns', 'example.test', { options })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('A trace starts at the root servers and asks no resolver')
    },
  )
})

describe('DNS_ROOT_HINTS', () => {
  it('reads a comma list of ip[:port]', () => {
    expect(loadConfig({ DNS_ROOT_HINTS: '127.53.0.1:5300, [::1]:53,198.41.0.4' }).dnsRootHints).toEqual([
      '127.53.0.1:5300',
      '[::1]:53',
      '198.41.0.4',
    ])
    expect(loadConfig({}).dnsRootHints).toEqual([])
  })

  it.each(['a.root-servers.net', '127.0.0.1:0', '127.0.0.1:99999'])('refuses %j at start', (value) => {
    expect(() => loadConfig({ DNS_ROOT_HINTS: value })).toThrow(/DNS_ROOT_HINTS\.0: must be ip\[:port\]/)
  })
})
