// Limits of measurements: every probe row counts as one run against the caller's tool budget, and a
// probe keeps its own cap on the runs it takes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'
import { rowStatuses, submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type PlainSite, startPlainSite } from '../support/probes/plain-site.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

describe('measurement limits', () => {
  let site: RunningServer
  let target: PlainSite
  let held: HoldingServer
  const probes: ProbeProcess[] = []

  beforeAll(async () => {
    target = await startPlainSite()
    held = await startHoldingServer()
    site = await startHttpServer({
      WEB_DIST: 'dist/none',
      TARGET_ALLOW: '127.0.0.0/8',
      RATE_LIMIT_TOOLS_PER_MINUTE: '5',
      PROBE_TOKENS: 'one:one-token-0123456789,two:two-token-0123456789',
    })
    for (const name of ['one', 'two']) {
      probes.push(
        await startProbeProcess({
          PROBE_SITE_URL: site.url,
          PROBE_TOKEN: `${name}-token-0123456789`,
          PROBE_TARGET_ALLOW: '127.0.0.0/8',
          PROBE_MAX_CONCURRENT: '1',
        }),
      )
    }
  })
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
    await site?.close()
    held?.release()
    await held?.close()
    await target?.close()
  })

  it('a probe busy with as many runs as its cap refuses another: that row fails and says why', async () => {
    const holding = await submitMeasurement(site.url, {
      tool: 'website-check',
      input: `http://127.0.0.1:${held.port}/`,
      locations: ['one'],
    })
    await held.connections(1)
    const refused = await submitMeasurement(site.url, { tool: 'website-check', input: target.url, locations: ['one'] })
    const done = await waitForMeasurement(site.url, refused.body.id)
    expect(done.results[0]).toMatchObject({ status: 'failed', error: 'This probe is busy: 1 measurements in progress' })
    held.release()
    expect(rowStatuses(await waitForMeasurement(site.url, holding.body.id))).toEqual({ one: 'finished' })
  })

  it('each probe row counts as one tool run against the address budget', async () => {
    // Two runs are spent above and three rows fit the budget of five; one more run does not (counted
    // once per request instead of once per row, it would be the fourth of five).
    const first = await submitMeasurement(site.url, {
      tool: 'website-check',
      input: target.url,
      locations: ['any'],
      limit: 3,
    })
    expect(first.status).toBe(202)
    expect(first.body.probesCount).toBe(3)
    const second = await submitMeasurement(site.url, { tool: 'website-check', input: target.url, locations: ['local'] })
    expect(second.status).toBe(429)
    expect(second.body.error?.message).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
