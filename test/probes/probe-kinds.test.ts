// The kinds of measurement a probe offers, each against a real peer the test starts on loopback: DNS
// through the probe's own resolver or a server chosen for the measurement (two Knot servers answering
// differently, the chosen one refused by a probe whose own rules do not allow it), the website check
// (HTTP status, timing phases, headers and TLS) of an HTTPS server, and traceroute run by mtr with
// its per-hop statistics, streaming its lines as it goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MeasurementRow } from '../../src/shared/measurements.ts'
import type { DnsResult } from '../../src/shared/tools/dns/schema.ts'
import type { TracerouteResult } from '../../src/shared/tools/traceroute/schema.ts'
import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { followMeasurement, rowStory, submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const OWN = 'own-token-0123456789'
const STRICT = 'strict-token-0123456789'
const WEB_HOST = '127.0.0.21'

const zone = (address: string) => ({
  origin: 'kinds.test',
  text: [
    '$ORIGIN kinds.test.',
    '$TTL 300',
    '@ SOA ns hostmaster 1 3600 600 86400 300',
    '@ NS ns',
    'ns A 127.0.0.1',
    `www A ${address}`,
  ].join('\n'),
})

const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: the probe kinds test needs Knot DNS and openssl')

describe.skipIf(!ready)('measurement kinds from a probe, against real peers', () => {
  /** The probe's own resolver: www.kinds.test is WEB_HOST. */
  let ownResolver: KnotServer
  /** A server chosen for a measurement: www.kinds.test is 198.51.100.2 there. */
  let chosenResolver: KnotServer
  let ca: TestCa
  let web: TlsSite
  let site: RunningServer
  let probe: ProbeProcess
  let strict: ProbeProcess

  const measured = async (body: Record<string, unknown>): Promise<MeasurementRow> => {
    const created = await submitMeasurement(site.url, body)
    expect(created.status).toBe(202)
    const done = await waitForMeasurement(site.url, created.body.id, undefined, 60_000)
    return done.results[0] as MeasurementRow
  }

  beforeAll(async () => {
    ownResolver = await startKnot([zone(WEB_HOST)])
    chosenResolver = await startKnot([zone('198.51.100.2')], { address: '127.0.0.2' })
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['www.kinds.test'] })
    web = await startTlsSite({
      host: WEB_HOST,
      key: cert.key,
      cert: cert.chain,
      headers: { server: 'kinds-edge', 'cache-control': 'max-age=60' },
    })
    site = await startHttpServer({
      PROBE_TOKENS: `own:${OWN},strict:${STRICT}`,
      LOCAL_PROBE: 'false',
      WEB_DIST: 'dist/none',
    })
    const common = { PROBE_SITE_URL: site.url, PROBE_DNS_SERVERS: ownResolver.endpoint }
    probe = await startProbeProcess({
      ...common,
      PROBE_TOKEN: OWN,
      PROBE_TARGET_ALLOW: '127.0.0.0/8',
      PROBE_EXTRA_CA_FILE: ca.rootFile,
    })
    // Its own rules allow only its own resolver's address: not the other loopback addresses.
    strict = await startProbeProcess({ ...common, PROBE_TOKEN: STRICT, PROBE_TARGET_ALLOW: '127.0.0.1/32' })
  }, 120_000)
  afterAll(async () => {
    await probe?.kill('SIGKILL')
    await strict?.kill('SIGKILL')
    await site?.close()
    await web?.close()
    await ca?.remove()
    await chosenResolver?.stop()
    await ownResolver?.stop()
  })

  it("DNS asks the probe's own resolver by default, and names it in the row", async () => {
    const row = await measured({ tool: 'dns', input: 'www.kinds.test', options: { type: 'A' }, locations: ['own'] })
    expect(row.status).toBe('finished')
    const result = row.result?.result as DnsResult
    expect(result).toMatchObject({ resolver: 'System resolver', server: ownResolver.endpoint })
    expect(result.queries[0]?.answers.map((answer) => answer.value)).toEqual([WEB_HOST])
  })

  it('DNS asks the server chosen for the measurement instead, and names it in the row', async () => {
    const row = await measured({
      tool: 'dns',
      input: 'www.kinds.test',
      options: { type: 'A', server: chosenResolver.endpoint },
      locations: ['own'],
    })
    const result = row.result?.result as DnsResult
    expect(result).toMatchObject({ resolver: 'Custom server', server: chosenResolver.endpoint })
    expect(result.queries[0]?.answers.map((answer) => answer.value)).toEqual(['198.51.100.2'])
  })

  it("a chosen server the probe's own rules do not allow is refused there, as the probe's policy", async () => {
    const row = await measured({
      tool: 'dns',
      input: 'www.kinds.test',
      options: { type: 'A', server: chosenResolver.endpoint },
      locations: ['strict'],
    })
    expect(row.status).toBe('finished')
    expect(row.result).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(row.result?.error).toContain('127.0.0.2')
  })

  it('a chosen server must be an address: a name is refused before any probe is asked', async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'dns',
      input: 'www.kinds.test',
      options: { server: 'resolver.kinds.test' },
      locations: ['own'],
    })
    expect(created.status).toBe(400)
    expect(created.body.error?.message).toBe('Resolver must be an IP address, optionally with :port')
  })

  it('the website check reports the status, timing phases, headers and TLS seen from the probe', async () => {
    const row = await measured({
      tool: 'website-check',
      input: `https://www.kinds.test:${web.port}/`,
      locations: ['own'],
    })
    expect(row.status).toBe('finished')
    const result = row.result?.result as WebsiteCheckResult
    expect(result).toMatchObject({ finalStatus: 200, up: true })
    expect(result.tls).toMatchObject({ protocol: 'TLSv1.3', authorized: true })
    expect(result.headers).toContainEqual({ name: 'server', value: 'kinds-edge' })
    const [hop] = result.hops
    expect(hop?.address).toBe(WEB_HOST)
    for (const phase of ['dnsMs', 'connectMs', 'tlsMs', 'firstByteMs', 'totalMs'] as const) {
      expect(hop?.timings[phase], phase).toEqual(expect.any(Number))
    }
  })

  it("traceroute runs mtr: each hop's loss, sent and timings, its lines streamed before the result", async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'traceroute',
      input: '127.0.0.1',
      options: { count: 2 },
      locations: ['own'],
    })
    expect(created.status).toBe(202)
    const events = await followMeasurement(site.url, created.body.id, 60_000)
    const story = rowStory(events, 0)
    expect(story.at(-1)).toBe('row finished')
    expect(story).toContain('line traceroute to 127.0.0.1 (127.0.0.1), 30 hops max, 60 byte packets')
    expect(story.findIndex((entry) => /^line {2}1 {2}127\.0\.0\.1 /.test(entry))).toBeGreaterThan(0)
    const finished = events.at(-1)
    const row = finished?.type === 'finished' ? finished.measurement.results[0] : undefined
    const result = row?.result?.result as TracerouteResult
    expect(result.reached).toBe(true)
    expect(result.hops[0]).toMatchObject({ hop: 1, address: '127.0.0.1', sent: 2, received: 2, lossPercent: 0 })
    for (const stat of ['lastMs', 'avgMs', 'bestMs', 'worstMs', 'stdevMs'] as const) {
      expect(result.hops[0]?.[stat], stat).toEqual(expect.any(Number))
    }
  }, 60_000)
})
