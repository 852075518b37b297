// GET /metrics: Prometheus text, closed without the Bearer token, open on the loopback metrics
// port, and counters that move with real requests, tool runs and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { freePort } from '../support/net/ports.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const run = (t: TestApp, tool: string, input: string) => checkTool(t, tool, input)

describe('GET /metrics on the main port', () => {
  let t: TestApp
  const scrape = async () =>
    (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_TOOLS_PER_MINUTE: '3' })
  })
  afterAll(async () => t?.close())

  it('answers 401 without the token and 401 with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('The metrics need the Bearer token set in METRICS_TOKEN.')
  })

  it('counts requests by route and status, tool runs by outcome and failure source, and refusals', async () => {
    const before = await scrape()
    expect(sample(before, 'nettoolbox_dependency_up{dependency="database"}')).toBe(1)
    expect(before).toContain('nettoolbox_process_resident_memory_bytes')

    expect((await run(t, 'geolocation', '1.1.1.1')).json().status).toBe('ok')
    expect((await run(t, 'ping', '127.0.0.1')).json()).toMatchObject({ status: 'failed', failureSource: 'policy' })
    await run(t, 'geolocation', '8.8.8.8')
    expect((await run(t, 'geolocation', '9.9.9.9')).statusCode).toBe(429)

    const after = await scrape()
    expect(sample(after, 'nettoolbox_tool_runs_total{tool="geolocation",outcome="ok",failure_source=""}')).toBe(2)
    expect(sample(after, 'nettoolbox_tool_runs_total{tool="ping",outcome="failed",failure_source="policy"}')).toBe(1)
    expect(sample(after, 'nettoolbox_tool_runs_total{tool="geolocation",outcome="refused",failure_source=""}')).toBe(1)
    expect(sample(after, 'nettoolbox_tool_run_duration_seconds_count{tool="geolocation"}')).toBe(2)
    expect(
      sample(after, 'nettoolbox_http_requests_total{method="POST",route="/api/tools/geolocation",status="200"}'),
    ).toBe(2)
    expect(
      sample(after, 'nettoolbox_http_requests_total{method="POST",route="/api/tools/geolocation",status="429"}'),
    ).toBe(1)
    expect(sample(after, 'nettoolbox_http_requests_total{method="GET",route="/metrics",status="401"}')).toBe(2)
    expect(sample(after, 'nettoolbox_limit_refusals_total{limit="tools"}')).toBe(1)
    expect(sample(after, 'nettoolbox_concurrency_in_use{scope="overall"}')).toBe(0)
  })

  it('counts the speed test bytes moved in each direction', async () => {
    expect((await t.app.inject({ url: '/api/speed/down?bytes=12345' })).rawPayload.length).toBe(12345)
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/speed/up',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(4321),
    })
    expect(up.json().bytes).toBe(4321)
    const text = await scrape()
    expect(sample(text, 'nettoolbox_speed_test_bytes_total{direction="download"}')).toBe(12345)
    expect(sample(text, 'nettoolbox_speed_test_bytes_total{direction="upload"}')).toBe(4321)
  })
})

describe('METRICS_PORT', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    port = await freePort()
    t = await createTestApp({ METRICS_PORT: String(port) })
  })
  afterAll(async () => t?.close())

  it('serves /metrics without a token on its own loopback port and hides it on the main port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await response.text()).toContain('# TYPE nettoolbox_http_requests_total counter')
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404)
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404)
  })
})
