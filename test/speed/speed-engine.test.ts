// The browser's speed-test engine, run in Node against the real server on loopback: every request
// of the algorithm reaches our endpoints and the numbers come back measured, never invented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectEndpoints } from '../../src/web/features/speedtest/engine/endpoints.ts'
import { browserEnvironment } from '../../src/web/features/speedtest/engine/environment.ts'
import { runSpeedTest, type SpeedUpdate } from '../../src/web/features/speedtest/engine/run-speed-test.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

describe('speed-test engine against our server', () => {
  let t: TestApp
  let origin: string
  beforeAll(async () => {
    t = await createTestApp({ SPEED_SERVER_NAME: 'Loopback test server' })
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => t?.close())

  it('measures latency, download and upload and names the server', async () => {
    const updates: SpeedUpdate[] = []
    const report = await runSpeedTest({
      env: browserEnvironment,
      endpoints: selectEndpoints('ours', origin),
      signal: new AbortController().signal,
      onUpdate: (u) => updates.push(u),
    })
    expect(updates.flatMap((u) => (u.progress === undefined ? [] : [u.progress]))).toEqual([0, 10, 25, 70, 95, 100])
    expect(report.result.serverLocation).toBe('Loopback test server')
    expect(report.latency?.samples).toHaveLength(20)
    expect(report.result.latencyRequests?.idle).toEqual({ sent: 20, failed: 0, timedOut: 0 })
    const idle = report.result.percentiles?.idle
    expect(idle?.samples).toBe(20)
    expect(idle?.median).toBe(report.result.ping)
    expect(idle && idle.min <= idle.p25 && idle.p25 <= idle.median && idle.median <= idle.p75).toBe(true)
    expect(idle && idle.p75 <= idle.p90 && idle.p90 <= idle.max).toBe(true)
    expect(report.result.ping).toBeGreaterThan(0)
    for (const direction of [report.download, report.upload]) {
      expect(direction.error).toBeUndefined()
      expect(direction.stoppedEarly, direction.direction).toBeUndefined()
      // Counted after the warm-up, over most of the 7 s phase.
      expect(direction.window?.wholePhase).toBe(false)
      expect(direction.window?.ms).toBeGreaterThan(3000)
      // Loopback moves hundreds of megabytes a second: transfers grew far past the first 100 kB.
      expect(direction.largestTransfer).toBeGreaterThan(5_000_000)
      // Round trips were measured under load. How many depends on how long each takes on a busy
      // machine (a probe waits for its answer before the next): at least two, for a jitter.
      expect(direction.loaded?.samples.length).toBeGreaterThanOrEqual(2)
    }
    expect(report.result.download).toBeGreaterThan(0)
    expect(report.result.upload).toBeGreaterThan(0)
    expect(report.result.bufferbloat?.grade).toMatch(/^(A\+|[A-DF])$/)
  }, 60_000)
})

describe('speed-test engine against a server with a small byte budget', () => {
  let t: TestApp
  let origin: string
  const BUDGET = 20_000_000
  beforeAll(async () => {
    t = await createTestApp({ SPEED_SERVER_NAME: 'Budget server', SPEED_BYTES_PER_MINUTE: String(BUDGET) })
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => t?.close())

  const run = () =>
    runSpeedTest({
      env: browserEnvironment,
      endpoints: selectEndpoints('ours', origin),
      signal: new AbortController().signal,
    })

  it('tells the page its budget, and two whole tests in a row stay inside it on a link that could move far more', async () => {
    const info = await (await fetch(`${origin}/api/speed/server`)).json()
    expect(info).toMatchObject({ name: 'Budget server', bytesPerMinute: BUDGET })
    for (const attempt of ['first', 'second']) {
      const report = await run()
      expect(report.result.errors, attempt).toEqual({})
      expect(report.result.incomplete, attempt).toBeUndefined()
      for (const direction of [report.download, report.upload]) {
        // Even a busy machine moves far more than 5 MB over loopback in a 7 s phase: each direction
        // stopped at its quarter of the budget.
        expect(direction.allowanceSpent, `${attempt} ${direction.direction}`).toBe(true)
        expect(direction.mbps).toBeGreaterThan(0)
      }
    }
    // The two tests asked for at most the budget: what is left of it still admits a small transfer.
    expect((await fetch(`${origin}/api/speed/down?bytes=1000`)).status).toBe(200)
  }, 120_000)

  it('a test started with the budget spent says why in words, never "HTTP 429"', async () => {
    // Spend the rest of this minute's budget (a transfer is charged in full when it starts).
    await (await fetch(`${origin}/api/speed/down?bytes=${BUDGET}`)).body?.cancel()
    const report = await run().catch((error: Error) => error)
    if (report instanceof Error) {
      // Nothing moved in either direction (and latency answered): the whole test failed.
      throw new Error(`the test failed as a whole: ${report.message}`)
    }
    const { result } = report
    expect(result.download).toBeNull()
    expect(result.errors.download).toMatch(
      /^All download tests failed: Too much speed-test traffic from your address\. Try again in \d+ s\.$/,
    )
    expect(result.errors.upload).toMatch(/^All upload tests failed: /)
    expect(JSON.stringify(result)).not.toContain('HTTP 429')
  }, 60_000)
})
