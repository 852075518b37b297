// The browser's speed-test engine, run in Node against the real server on loopback: every request
// of the algorithm reaches our endpoints and the numbers come back measured, never invented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectEndpoints } from '../../src/web/features/speedtest/engine/endpoints.ts'
import { browserEnvironment } from '../../src/web/features/speedtest/engine/environment.ts'
import { runSpeedTest, type SpeedUpdate } from '../../src/web/features/speedtest/engine/run-speed-test.ts'
import { createTestApp, type TestApp } from '../support/app.ts'

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
    expect(report.latency?.samples).toHaveLength(10)
    expect(report.result.ping).toBeGreaterThan(0)
    // 4 × 50 MB take far more than 100 ms even on loopback, so the last stage always counts.
    expect(report.download.stages.map((s) => s.status)).not.toContain('failed')
    expect(report.download.stages.at(-1)?.status).toBe('measured')
    expect(report.result.download).toBeGreaterThan(0)
    expect(report.upload.transfers.map((tr) => tr.status)).not.toContain('failed')
  }, 60_000)
})
