// The DNS tool is no amplifier: a zone delegated to twenty name servers that all point at one address
// (a victim that never asked for the traffic) costs that address one question per run (and, once it
// answers, one SOA question for the serial comparison: still at most 2 packets), and one
// anonymous bulk request at most the per-destination budget. Real Knot serves the parent zone; the
// delegated addresses are recording peers on loopback that count every datagram they receive.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDnsDiagnostic } from '../../src/diagnostics/dns/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'

import type { DnsResult } from '../../src/shared/tools/dns/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type RecordingAuthoritative, startRecordingAuthoritative } from '../support/dns/recording-authoritative.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { freePort } from '../support/net/ports.ts'

const PARENT = '127.54.0.1'
const VICTIM = '127.54.0.9'
const WIDE = Array.from({ length: 16 }, (_, i) => `127.54.1.${i + 1}`)
const two = (n: number) => String(n).padStart(2, '0')

/** test. delegates victim.test to ns01..ns20, all at VICTIM, and wide.test to 16 servers of their own. */
function parentZone(): string {
  const victim = Array.from({ length: 20 }, (_, i) => [
    `victim IN NS ns${two(i + 1)}.victim`,
    `ns${two(i + 1)}.victim IN A ${VICTIM}`,
  ])
  const wide = WIDE.map((address, i) => [`wide IN NS ns${two(i + 1)}.wide`, `ns${two(i + 1)}.wide IN A ${address}`])
  return [
    '$ORIGIN test.',
    '$TTL 3600',
    '@ IN SOA ns.test. hostmaster.test. 1 3600 900 604800 300',
    '@ IN NS ns.test.',
    `ns IN A ${PARENT}`,
    ...victim.flat(),
    ...wide.flat(),
    '',
  ].join('\n')
}

if (!knotAvailable) console.warn('SKIPPED: DNS amplification tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('DNS queries aimed at one address through many name servers', () => {
  let port: number
  let parent: KnotServer
  let resolver: StubDns
  let peers: RecordingAuthoritative | undefined
  let t: TestApp | undefined

  beforeAll(async () => {
    port = await freePort(PARENT, true)
    parent = await startKnot([{ origin: 'test', text: parentZone() }], { address: PARENT, port })
    resolver = await startStubDns('NOERROR')
  })
  afterEach(async () => {
    await peers?.stop()
    peers = undefined
    await t?.close()
    t = undefined
  })
  afterAll(async () => {
    await parent?.stop()
    await resolver?.stop()
  })

  async function propagation(input: string) {
    const diagnostic = createDnsDiagnostic({ rootHints: [`${PARENT}:${port}`], publicResolvers: [resolver.endpoint] })
    const net = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
    const answer = await runTool(
      diagnostic,
      { input, options: { propagation: true, type: 'A' } },
      { net, signal: new AbortController().signal, progress: () => {} },
    )
    return (answer.result as DnsResult).propagation
  }

  it.each([
    ['answers', false],
    ['never answers', true],
  ])('one propagation run sends the address at most 2 packets when it %s', async (_, silent) => {
    peers = await startRecordingAuthoritative([VICTIM], port, { silent })
    const p = await propagation('www.victim.test')
    const authoritative = p?.servers.filter((s) => s.role === 'authoritative') ?? []
    expect(authoritative).toHaveLength(16)
    const sent = peers.packets.get(VICTIM) ?? 0
    console.info(`propagation, 20 name servers at one address (${silent ? 'silent' : 'answering'}): ${sent} packets`)
    expect(sent).toBeGreaterThanOrEqual(1)
    expect(sent).toBeLessThanOrEqual(2)
    if (!silent) expect(authoritative.every((s) => s.answers.join() === '198.51.100.80')).toBe(true)
  })

  it('one anonymous bulk request of 100 names in the zone sends the address at most 100 packets', async () => {
    peers = await startRecordingAuthoritative([VICTIM], port)
    t = await createTestApp({
      DNS_ROOT_HINTS: `${PARENT}:${port}`,
      DNS_PUBLIC_RESOLVERS: resolver.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      // An anonymous visitor's budgets, as shipped.
      RATE_LIMIT_TOOLS_PER_MINUTE: '60',
      MAX_CONCURRENT_PER_CLIENT: '4',
    })
    const inputs = Array.from({ length: 100 }, (_, i) => `host${i}.victim.test`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bulk/dns',
      payload: { inputs, options: { propagation: true, type: 'A' } },
    })
    expect(res.statusCode).toBe(200)
    const lines = res.payload
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const sent = peers.packets.get(VICTIM) ?? 0
    console.info(`bulk of 100 propagation runs on one zone: ${sent} packets to the address`)
    expect(sent).toBeLessThanOrEqual(100)
    expect(sent).toBeGreaterThan(0)
    const errors = lines.flatMap(
      (line) =>
        (line.answer?.result as DnsResult | undefined)?.propagation?.servers
          .filter((s) => s.role === 'authoritative')
          .map((s) => s.error ?? '') ?? [],
    )
    expect(errors).toContain('not asked: this address was already asked 30 times in the last minute')
  })

  it('charges a bulk request the queries it causes: 16 name servers asked the name and the SOA cost 3 more runs per name', async () => {
    peers = await startRecordingAuthoritative(WIDE, port)
    t = await createTestApp({
      DNS_ROOT_HINTS: `${PARENT}:${port}`,
      DNS_PUBLIC_RESOLVERS: resolver.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      RATE_LIMIT_TOOLS_PER_MINUTE: '10',
      BULK_CONCURRENCY: '1',
    })
    const inputs = Array.from({ length: 10 }, (_, i) => `host${i}.wide.test`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bulk/dns',
      payload: { inputs, options: { propagation: true, type: 'A' } },
    })
    const summary = JSON.parse(res.payload.trim().split('\n').at(-1) ?? '{}')
    // 32 packets a name (the A question and the zone's SOA to each of 16 servers): 3 runs more each.
    expect(summary).toEqual({ done: true, total: 10, ok: 3, failed: 0, refused: 7, invalid: 0 })
    expect(peers.total()).toBe(3 * 32)
  })
})
