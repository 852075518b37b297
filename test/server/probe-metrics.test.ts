// The probe metrics on GET /metrics: connected probes by country and AS number (gauges) and the time
// from submit to a measurement's first result (histogram), on a real site with probe clients speaking
// the probe protocol; timeouts per probe (counter) with at most PROBE_LABELS_MAX probe names.
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMetrics, PROBE_LABELS_MAX } from '../../src/server/modules/metrics/metrics.ts'
import { metricsRoutes } from '../../src/server/modules/metrics/routes.ts'
import type { ProbeTask } from '../../src/shared/probe-protocol.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { announcement, connectProbeClient, type ProbeClient } from '../support/probes/probe-client.ts'

const TOKEN = 'metrics-token-for-probe-tests-0123'

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('probe metrics on a site with connected probes', () => {
  let site: RunningServer
  const clients: ProbeClient[] = []
  const scrape = async () =>
    (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()

  beforeAll(async () => {
    site = await startHttpServer({
      METRICS_TOKEN: TOKEN,
      PROBE_TOKENS: 'berlin:berlin-token-0123456789,munich:munich-token-0123456789,austin:austin-token-0123456789',
      LOCAL_PROBE: 'false',
      WEB_DIST: 'dist/none',
    })
    const places = [
      ['berlin-token-0123456789', { country: 'DE', asn: 64500 }],
      ['munich-token-0123456789', { country: 'DE', asn: 64501 }],
      ['austin-token-0123456789', { country: 'US', asn: 64500 }],
    ] as const
    for (const [token, place] of places) {
      const client = await connectProbeClient(site.url, { token })
      clients.push(client)
      expect(await client.timeout(10_000).emitWithAck('ready', announcement(place))).toEqual({ ok: true })
    }
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await site?.close()
  })

  it('counts the connected probes by country and by AS number', async () => {
    const text = await scrape()
    expect(sample(text, 'nettoolbox_probes_connected{country="DE"}')).toBe(2)
    expect(sample(text, 'nettoolbox_probes_connected{country="US"}')).toBe(1)
    expect(sample(text, 'nettoolbox_probes_connected_by_asn{asn="AS64500"}')).toBe(2)
    expect(sample(text, 'nettoolbox_probes_connected_by_asn{asn="AS64501"}')).toBe(1)

    clients.pop()?.close()
    await expect.poll(async () => sample(await scrape(), 'nettoolbox_probes_connected{country="US"}')).toBeUndefined()
    expect(sample(await scrape(), 'nettoolbox_probes_connected_by_asn{asn="AS64500"}')).toBe(1)
  })

  it('observes the time from submit to the first result of a measurement, once per measurement', async () => {
    const before = sample(await scrape(), 'nettoolbox_measurement_first_result_seconds_count') ?? 0
    for (const client of clients) {
      client.on('task', (task: ProbeTask, ack: (reply: unknown) => void) => {
        ack({ accepted: true })
        // An answer a moment later: the first result is not instant.
        setTimeout(() => client.emit('result', { taskId: task.taskId, error: 'Ping is not installed here' }), 60)
      })
    }
    const created = await submitMeasurement(site.url, {
      tool: 'dns',
      input: 'example.test',
      locations: ['DE'],
      limit: 2,
    })
    expect(created.status).toBe(202)
    expect(created.body.probesCount).toBe(2)
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(done.results.map((row) => row.status)).toEqual(['failed', 'failed'])

    const text = await scrape()
    expect(sample(text, 'nettoolbox_measurement_first_result_seconds_count')).toBe(before + 1)
    expect(sample(text, 'nettoolbox_measurement_first_result_seconds_bucket{le="0.05"}')).toBe(0)
    expect(sample(text, 'nettoolbox_measurement_first_result_seconds_bucket{le="30"}')).toBe(before + 1)
    expect(sample(text, 'nettoolbox_measurement_first_result_seconds_sum')).toBeGreaterThanOrEqual(0.06)
  })
})

describe('probe timeouts on GET /metrics', () => {
  it('counts timeouts by probe name, and probes past the first PROBE_LABELS_MAX as "other"', async () => {
    const metrics = createMetrics()
    const app = Fastify()
    await app.register(async (scope) => metricsRoutes(scope, { metrics, token: TOKEN, host: '127.0.0.1' }))
    metrics.observeProbeTimeout('frankfurt-1')
    metrics.observeProbeTimeout('frankfurt-1')
    for (let i = 0; i < PROBE_LABELS_MAX + 50; i += 1) metrics.observeProbeTimeout(`probe-${i}`)
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
    await app.close()
    expect(sample(text, 'nettoolbox_probe_timeouts_total{probe="frankfurt-1"}')).toBe(2)
    expect(sample(text, 'nettoolbox_probe_timeouts_total{probe="probe-0"}')).toBe(1)
    expect(sample(text, `nettoolbox_probe_timeouts_total{probe="probe-${PROBE_LABELS_MAX - 2}"}`)).toBe(1)
    expect(sample(text, `nettoolbox_probe_timeouts_total{probe="probe-${PROBE_LABELS_MAX - 1}"}`)).toBeUndefined()
    expect(sample(text, 'nettoolbox_probe_timeouts_total{probe="other"}')).toBe(51)
    expect(text.split('\n').filter((line) => line.startsWith('nettoolbox_probe_timeouts_total{')).length).toBe(
      PROBE_LABELS_MAX + 1,
    )
  })
})
