// The probe network end to end in the lab (region-plan.ts): three probes, 1, 2 and 4 routers away
// from srv behind 5, 15 and 40 ms lines, connect out to the site's one address; measurements go in
// through site process A and are followed on process B, in Node and in Chromium.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Measurement, type MeasurementEvent, measurementEvent } from '../../src/shared/measurements.ts'
import { dnsResult } from '../../src/shared/tools/dns/schema.ts'
import { pingResult } from '../../src/shared/tools/ping/schema.ts'
import { tracerouteResult } from '../../src/shared/tools/traceroute/schema.ts'
import { browserAvailable, type TestBrowser } from '../support/browser/browser.ts'
import { REPO_ROOT } from './lab.ts'
import { createMeasurement, rowOf, waitForMeasurement, waitForProbes } from './measurement-client.ts'
import { type ProbeLab, startProbeLab } from './probe-lab.ts'
import { DATA_ADDRESS, REGION_NAMES, REGIONS, type RegionName, SITE_ADDRESS } from './region-plan.ts'
import { launchInNamespace } from './speed-page.ts'

const SCRIPTS = path.join(REPO_ROOT, 'test/lab/scripts')
const SRV = '203.0.113.10'
const PROBE_NAMES = REGION_NAMES.map((r) => REGIONS[r].location.name)
/** Every round trip from a region crosses its line twice. */
const floorMs = (region: RegionName) => 2 * REGIONS[region].delayMs
const routers = (region: RegionName) => REGIONS[region].hops.v4.length

let world: ProbeLab | null = null
let browser: TestBrowser | undefined
let dir: string | undefined

beforeAll(async () => {
  world = await startProbeLab({ suite: 'probe lab tests', needs: { chromium: browserAvailable } })
  if (!world) return
  for (const region of REGION_NAMES) world.startProbe(region)
  dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-probes-'))
  ;[browser] = await Promise.all([
    launchInNamespace(world.lab.names.site, dir, []),
    waitForProbes(world.sites.a, PROBE_NAMES, 60_000),
  ])
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await world?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The addresses of an `mtr -n -r` report, hop by hop. */
const mtrHops = (report: string) => [...report.matchAll(/^\s*\d+\.\|--\s+(\S+)/gm)].map((m) => m[1])

describe('the probe lab network', () => {
  it('takes each region to srv through its own routers: 1, 2 and 4 of them', async (ctx) => {
    if (!world) return ctx.skip()
    const lab = world.lab
    const targets = { v4: SRV, v6: '2001:db8:c::10' } as const
    await Promise.all(
      REGION_NAMES.flatMap((region) =>
        (['v4', 'v6'] as const).map(async (family) => {
          const report = await lab.exec(region, 'mtr', ['-n', '-r', '-c', '1', targets[family]], 30_000)
          expect(mtrHops(report), `${region} over ${family}`).toEqual([
            ...REGIONS[region].hops[family],
            targets[family],
          ])
        }),
      ),
    )
  })

  it('carries each region’s upload at close to its line rate and never above it', async (ctx) => {
    if (!world) return ctx.skip()
    const lab = world.lab
    const sink = lab.spawnNode('srv', path.join(SCRIPTS, 'throughput.ts'), ['sink', '9100'])
    await sink.waitForOutput(/^READY/m)
    const measured: Record<string, number> = {}
    try {
      for (const region of REGION_NAMES) {
        // About 1.2 s of data at the line's rate, so TCP's start-up counts for little.
        const bytes = String(REGIONS[region].rateMbit * 150_000)
        const out = await lab.execNode(
          region,
          path.join(SCRIPTS, 'throughput.ts'),
          ['send', SRV, '9100', bytes],
          30_000,
        )
        measured[region] = JSON.parse(out).mbit
      }
    } finally {
      await sink.stop()
    }
    console.log(`line rates measured (Mbit/s): ${JSON.stringify(measured)}`)
    for (const region of REGION_NAMES) {
      expect(measured[region]).toBeGreaterThan(REGIONS[region].rateMbit * 0.6)
      expect(measured[region]).toBeLessThan(REGIONS[region].rateMbit * 1.05)
    }
  })

  it('spreads connections to the site’s address over both site processes in turn', async (ctx) => {
    if (!world) return ctx.skip()
    const url = `http://${SITE_ADDRESS.v4}/api/speed/server`
    const out = await world.lab.execNode('near', path.join(SCRIPTS, 'http-get.ts'), [url, '4'], 30_000)
    const names = out
      .trim()
      .split('\n')
      .map((line) => {
        expect(line).toMatch(/^200 /)
        return JSON.parse(line.slice(4)).name
      })
    expect(new Set(names)).toEqual(new Set(['site-a', 'site-b']))
    for (let i = 1; i < names.length; i++) expect(names[i]).not.toBe(names[i - 1])
  })

  it('lets only the site namespace reach Redis and PostgreSQL', async (ctx) => {
    if (!world) return ctx.skip()
    const lab = world.lab
    const check = (ns: 'site' | 'near', port: number) =>
      lab.execNode(ns, path.join(SCRIPTS, 'tcp-check.ts'), [DATA_ADDRESS.v4, String(port)], 15_000)
    const [redisFromSite, postgresFromSite, redisFromProbe, postgresFromProbe] = await Promise.all([
      check('site', 6379),
      check('site', 5432),
      check('near', 6379),
      check('near', 5432),
    ])
    expect(redisFromSite.trim()).toBe('open')
    expect(postgresFromSite.trim()).toBe('open')
    expect(redisFromProbe.trim()).toMatch(/^unreachable: /)
    expect(postgresFromProbe.trim()).toMatch(/^unreachable: /)
    // Both processes use them: their health check reads PostgreSQL, the probe list lives in Redis.
    for (const site of [world.sites.a, world.sites.b]) {
      expect((await site.request('GET', '/healthz')).json()).toMatchObject({ database: 'ok' })
      expect((await site.request('GET', '/api/probes')).status).toBe(200)
    }
  })
})

describe('measurements from three regions, started on site process A and followed on B', () => {
  const locations = PROBE_NAMES
  let ping: Measurement
  let trace: Measurement
  let lookup: Measurement
  let followed: MeasurementEvent[] = []
  let page: Page | undefined

  beforeAll(async () => {
    if (!world || !browser) return
    const { a, b } = world.sites
    const context = await browser.newContext()
    page = await context.newPage()
    await page.goto(`http://127.0.0.1:${b.port}/`)
    const ids = await Promise.all([
      createMeasurement(a, { tool: 'ping', input: SRV, options: { count: 3 }, locations }),
      createMeasurement(a, { tool: 'traceroute', input: SRV, options: { count: 2 }, locations }),
      createMeasurement(a, { tool: 'dns', input: 'srv.lab.test', options: { type: 'A' }, locations }),
    ])
    const [pingId, traceId, lookupId] = ids as [string, string, string]
    // Chromium, on B's own origin, follows the ping as it runs: B's event stream for a measurement A made.
    const following = page.evaluate(
      (id) =>
        new Promise<unknown[]>((resolve, reject) => {
          const seen: unknown[] = []
          const source = new EventSource(`/api/measurements/${id}/events`)
          source.addEventListener('row', (e) => seen.push(JSON.parse(e.data)))
          source.addEventListener('line', (e) => seen.push(JSON.parse(e.data)))
          source.addEventListener('finished', (e) => {
            seen.push(JSON.parse(e.data))
            source.close()
            resolve(seen)
          })
          source.onerror = () => {
            source.close()
            reject(new Error(`the event stream failed after ${seen.length} events`))
          }
        }),
      pingId,
    )
    let events: unknown[]
    ;[ping, trace, lookup, events] = await Promise.all([
      waitForMeasurement(b, pingId),
      waitForMeasurement(b, traceId),
      waitForMeasurement(b, lookupId),
      following,
    ])
    followed = events.map((event) => measurementEvent.parse(event))
  }, 120_000)

  it('pings srv from every region: TTL and the fastest round trip follow each path', (ctx) => {
    if (!world || !ping) return ctx.skip()
    expect(ping.results).toHaveLength(3)
    const fastest: Record<string, number> = {}
    for (const region of REGION_NAMES) {
      const row = rowOf(ping, region)
      expect(row.status).toBe('finished')
      expect(row.result?.status).toBe('ok')
      const { replies, summary } = pingResult.parse(row.result?.result)
      expect(replies).toHaveLength(3)
      for (const reply of replies) {
        expect(reply.from).toBe(SRV)
        // srv answers with TTL 64, and every router on the way back takes one off.
        expect(reply.ttl).toBe(64 - routers(region))
      }
      expect(summary.minMs).toBeGreaterThanOrEqual(floorMs(region))
      fastest[region] = summary.minMs ?? Number.NaN
    }
    expect(fastest.near).toBeLessThan(fastest.mid ?? 0)
    expect(fastest.mid).toBeLessThan(fastest.far ?? 0)
  })

  it('traces srv from every region: one hop per router, then srv', (ctx) => {
    if (!world || !trace) return ctx.skip()
    for (const region of REGION_NAMES) {
      const row = rowOf(trace, region)
      expect(row.status).toBe('finished')
      const result = tracerouteResult.parse(row.result?.result)
      expect(result.reached).toBe(true)
      expect(result.hops.map((h) => h.address)).toEqual([...REGIONS[region].hops.v4, SRV])
      expect(result.hops).toHaveLength(routers(region) + 1)
      for (const hop of result.hops) expect(hop.bestMs).toBeGreaterThanOrEqual(floorMs(region))
    }
  })

  it('looks srv.lab.test up in the lab’s Knot from every region, each answer a round trip away', (ctx) => {
    if (!world || !lookup) return ctx.skip()
    for (const region of REGION_NAMES) {
      const row = rowOf(lookup, region)
      expect(row.status).toBe('finished')
      const result = dnsResult.parse(row.result?.result)
      expect(result.server).toBe(`${SRV}:53`)
      expect(result.queries[0]?.rcode).toBe('NOERROR')
      expect(result.queries[0]?.answers.map((a) => a.value)).toEqual([SRV])
      expect(result.queries[0]?.queryTimeMs).toBeGreaterThanOrEqual(floorMs(region))
    }
  })

  it('streams the ping and its lines to Chromium on B while it runs, then shows it on B’s permalink page', async (ctx) => {
    if (!world || !page || !ping) return ctx.skip()
    const rows = followed.flatMap((e) => (e.type === 'row' ? [e.row] : []))
    // The stream began while the probes were still measuring, and told of each probe's answer.
    expect(rows.some((row) => row.status === 'in-progress')).toBe(true)
    for (const name of PROBE_NAMES) {
      expect(rows.some((row) => row.probe.name === name && row.status === 'finished')).toBe(true)
    }
    const last = followed.at(-1)
    expect(last?.type).toBe('finished')
    if (last?.type !== 'finished') return
    expect(last.measurement.results.map((r) => r.status)).toEqual(['finished', 'finished', 'finished'])
    // Each probe's reply lines came as they arrived, before its row's answer.
    for (const [index, row] of last.measurement.results.entries()) {
      const settledAt = followed.findIndex((e) => e.type === 'row' && e.index === index && e.row.status === 'finished')
      const lastReplyAt = followed.findIndex(
        (e) => e.type === 'line' && e.index === index && e.line.startsWith(`64 bytes from ${SRV}: icmp_seq=3 `),
      )
      expect(lastReplyAt, row.probe.name).toBeGreaterThan(-1)
      expect(lastReplyAt, row.probe.name).toBeLessThan(settledAt)
    }

    const shared = await world.sites.b.request('POST', '/api/results', { runId: ping.runId })
    expect(shared.status).toBe(201)
    const { id } = shared.json()
    await page.goto(`http://127.0.0.1:${world.sites.b.port}/r/${id}`)
    const results = page.getByRole('region', { name: 'Results' })
    for (const place of ['Frankfurt, Germany', 'New York, United States', 'Sydney, Australia']) {
      await expect.poll(() => results.getByText(place).first().isVisible(), { timeout: 15_000 }).toBe(true)
    }
  })
})
