// DNS propagation: a zone whose authoritative servers disagree (real Knot servers on loopback) and
// resolver stand-ins, asked side by side through the DNS tool's propagation option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDnsDiagnostic } from '../../src/diagnostics/dns/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { loadConfig } from '../../src/server/config.ts'
import type { DnsResult } from '../../src/shared/tools/dns/schema.ts'
import { createTestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { NEW_ADDRESS, OLD_ADDRESS, type PropagationLab, startPropagationLab } from '../support/dns/propagation-lab.ts'

if (!knotAvailable) console.warn('SKIPPED: DNS propagation tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('DNS propagation across disagreeing servers', () => {
  let lab: PropagationLab

  beforeAll(async () => {
    lab = await startPropagationLab()
  })
  afterAll(async () => lab?.stop())

  async function propagation(input: string, options: object = {}, targetAllow = ['127.0.0.0/8']) {
    const config = loadConfig({
      DNS_ROOT_HINTS: lab.rootHint,
      DNS_PUBLIC_RESOLVERS: lab.publicResolvers,
      DNS_SERVERS: '127.0.0.1:9',
    })
    const diagnostic = createDnsDiagnostic({
      rootHints: config.dnsRootHints,
      publicResolvers: config.dnsPublicResolvers,
    })
    const net = createNet({ targetAllow, dnsServers: config.dnsServers, ownAddresses: [] })
    const progress: unknown[] = []
    const answer = await runTool(
      diagnostic,
      { input, options: { propagation: true, ...options } },
      { net, signal: new AbortController().signal, progress: (p) => progress.push(p) },
    )
    const result = answer.result as DnsResult
    if (!result.propagation) throw new Error(`no propagation in ${JSON.stringify(answer)}`)
    return { answer, p: result.propagation, progress }
  }

  it('lists every authoritative server and resolver with its answer, TTL, rcode and time', async () => {
    const { answer, p } = await propagation('www.moved', { type: 'A' })
    expect(answer.status).toBe('ok')
    expect(p.zone).toBe('moved.')
    const rows = p.servers.map((s) => [s.role, s.name, s.server, s.state, s.rcode, s.answers.join(' '), s.ttl])
    const [r1, r2, r3, r4] = lab.resolvers.map((r) => r.endpoint)
    expect(rows).toEqual([
      ['authoritative', 'ns1.moved', lab.nameServer(1), 'answered', 'NOERROR', NEW_ADDRESS, 300],
      ['authoritative', 'ns2.moved', lab.nameServer(2), 'answered', 'NOERROR', OLD_ADDRESS, 300],
      ['authoritative', 'ns3.moved', lab.nameServer(3), 'no-answer', undefined, '', undefined],
      ['authoritative', 'ns4.moved', lab.nameServer(4), 'answered', 'NOERROR', NEW_ADDRESS, 300],
      ['resolver', `Resolver ${r1}`, r1, 'answered', 'NOERROR', NEW_ADDRESS, 60],
      ['resolver', `Resolver ${r2}`, r2, 'answered', 'NOERROR', OLD_ADDRESS, 60],
      ['resolver', `Resolver ${r3}`, r3, 'answered', 'NOERROR', NEW_ADDRESS, 60],
      ['resolver', `Resolver ${r4}`, r4, 'no-answer', undefined, '', undefined],
    ])
    expect(p.servers[2]?.error).toBe('no answer within 3000 ms')
    for (const s of p.servers.filter((row) => row.state === 'answered')) {
      expect(s.queryTimeMs).toBeGreaterThanOrEqual(0)
    }
    expect(p.servers.filter((s) => s.role === 'authoritative' && s.state === 'answered').every((s) => s.aa)).toBe(true)
  })

  it('compares the SOA serial of each authoritative server, flags the one behind and says why one gave none', async () => {
    const { answer, p } = await propagation('www.moved', { type: 'A' })
    expect(p.soa?.zone).toBe('moved.')
    expect(p.soa?.highest).toBe(2026112502)
    expect(p.soa?.servers.map((s) => [s.name, s.server, s.state, s.serial, s.behindBy, s.failureSource])).toEqual([
      ['ns1.moved', lab.nameServer(1), 'current', 2026112502, undefined, undefined],
      ['ns2.moved', lab.nameServer(2), 'behind', 2026112501, 1, undefined],
      ['ns3.moved', lab.nameServer(3), 'no-answer', undefined, undefined, 'target'],
      ['ns4.moved', lab.nameServer(4), 'current', 2026112502, undefined, undefined],
    ])
    expect(p.soa?.verdict).toBe(
      '1 of 3 authoritative servers is behind the highest serial 2026112502: ns2.moved (2026112501, 1 behind); ' +
        'no serial from ns3.moved (not asked for the SOA: no answer within 3000 ms)',
    )
    expect(answer.lines).toContain(`SOA \tns2.moved\t${lab.nameServer(2)}\t2026112501\t[behind by 1]`)
  })

  it('marks who disagrees with the majority and leaves servers without an answer out of both', async () => {
    const { p } = await propagation('www.moved', { type: 'A' })
    expect(p.servers.map((s) => s.agrees)).toEqual([true, false, undefined, true, true, false, true, undefined])
    const [r1, r2, r3] = lab.resolvers.map((r) => `Resolver ${r.endpoint}`)
    expect(p.groups).toEqual([
      { key: NEW_ADDRESS, answer: NEW_ADDRESS, servers: ['ns1.moved', 'ns4.moved', r1, r3], majority: true },
      { key: OLD_ADDRESS, answer: OLD_ADDRESS, servers: ['ns2.moved', r2], majority: false },
    ])
    expect({ asked: p.asked, answered: p.answered, noAnswer: p.noAnswer }).toEqual({
      asked: 8,
      answered: 6,
      noAnswer: 2,
    })
    expect(p.verdict).toBe(
      `2 of 6 servers disagree with the majority (${NEW_ADDRESS}, 4 servers): ${OLD_ADDRESS} from ns2.moved, ${r2}; ` +
        '2 of 8 servers could not be asked or did not answer',
    )
  })

  it('streams each server as it answers, after naming the servers about to be asked', async () => {
    const { p, progress } = await propagation('www.moved', { type: 'A' })
    const pending = progress.flatMap((e) => (e as { propagationPending?: { name: string }[] }).propagationPending ?? [])
    expect(pending.map((s) => s.name).sort()).toEqual(p.servers.map((s) => s.name).sort())
    const streamed = progress.flatMap((e) => {
      const row = (e as { propagationServer?: { name: string } }).propagationServer
      return row ? [row.name] : []
    })
    expect(streamed.sort()).toEqual(p.servers.map((s) => s.name).sort())
  })

  it('groups NXDOMAIN as one answer and agrees when every server says the same', async () => {
    const { answer, p } = await propagation('nothing.moved', { type: 'A' })
    expect(answer.status).toBe('ok')
    const authoritative = p.servers.filter((s) => s.role === 'authoritative' && s.state === 'answered')
    expect(authoritative.map((s) => s.rcode)).toEqual(['NXDOMAIN', 'NXDOMAIN', 'NXDOMAIN'])
    expect(p.groups[0]).toMatchObject({ key: 'NXDOMAIN', answer: 'NXDOMAIN (no such name)', majority: true })
    expect(p.verdict).toBe(
      'All 6 servers that answered agree: NXDOMAIN (no such name); 2 of 8 servers could not be asked or did not answer',
    )
  })

  it('reports servers the target policy denies as not asked, and fails when none could be', async () => {
    const { answer, p } = await propagation('www.moved', { type: 'A' }, [])
    expect(answer.status).toBe('failed')
    expect(answer.failureSource).toBe('policy')
    expect(p.answered).toBe(0)
    expect(p.servers.every((s) => s.state === 'no-answer' && /not allowed/.test(s.error ?? ''))).toBe(true)
    expect(p.verdict).toBe('None of the 4 servers answered')
    expect(p.authorityError).toBeDefined()
  })

  it('answers through the API with the verdict and a row per server in the text lines', async () => {
    const t = await createTestApp({
      DNS_ROOT_HINTS: lab.rootHint,
      DNS_PUBLIC_RESOLVERS: lab.publicResolvers,
      TARGET_ALLOW: '127.0.0.0/8',
    })
    try {
      const res = await checkTool(t, 'dns', 'www.moved', { options: { type: 'A', propagation: true } })
      expect(res.statusCode).toBe(200)
      const lines = res.json().lines as string[]
      expect(lines).toContain(
        `;; 2 of 6 servers disagree with the majority (${NEW_ADDRESS}, 4 servers): ${OLD_ADDRESS} from ns2.moved, Resolver ${lab.resolvers[1]?.endpoint}; 2 of 8 servers could not be asked or did not answer`,
      )
      expect(
        lines.some(
          (l) =>
            l.startsWith(`AUTH\tns2.moved\t${lab.nameServer(2)}\tNOERROR\tTTL 300`) &&
            l.endsWith(`${OLD_ADDRESS}\t[differs]`),
        ),
      ).toBe(true)
      const refused = await checkTool(t, 'dns', 'www.moved', { options: { propagation: true, trace: true } })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.message).toContain('A propagation check asks every public resolver')
    } finally {
      await t.close()
    }
  })
})
