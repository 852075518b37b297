// Measurement dispatch: one site process with Redis and three probes on loopback, a DNS lookup
// against a loopback Knot server as the cheap tool. Prints, in the same run:
//   1. the reference: POST /api/tools/dns on the site itself, p50/p99;
//   2. dispatch latency: POST /api/measurements (one probe) until its first probe result arrives on
//      the event stream, p50/p99, the extra milliseconds and the ratio against the reference
//      (target: at most 20 ms more at p50);
//   3. how many concurrent measurements (three probes each) are sustained: for rising batch sizes,
//      the share of rows answered and the p50/p99 time until a measurement is finished.
// Needs redis-server and knot. Run: node bench/measurements.ts [samples=200]
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Measurement, MeasurementEvent } from '../src/shared/measurements.ts'
import { startServerProcess } from '../test/support/app/server-process.ts'
import { startRedis } from '../test/support/db/redis.ts'
import { startKnot } from '../test/support/dns/knot.ts'
import { startProbeProcess } from '../test/support/probes/probe-process.ts'

const samples = Number(process.argv[2] ?? 200)
const ZONE = {
  origin: 'bench.test',
  text: '$ORIGIN bench.test.\n$TTL 300\n@ SOA ns hostmaster 1 3600 600 86400 300\n@ NS ns\nns A 127.0.0.1\nwww A 192.0.2.80\n',
}
const DNS_BODY = { input: 'www.bench.test', options: { type: 'A' } }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => `${value.toFixed(1)} ms`

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

/** Reads the event stream until the first row with an answer; returns when it came. */
async function firstResult(siteUrl: string, id: string): Promise<number> {
  const response = await fetch(`${siteUrl}/api/measurements/${id}/events`)
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error('the event stream ended before a result')
    buffered += decoder.decode(value, { stream: true })
    for (const line of buffered.split('\n')) {
      if (!line.startsWith('data: ')) continue
      const event = JSON.parse(line.slice(6)) as MeasurementEvent
      if (event.type === 'finished' || (event.type === 'row' && event.row.status !== 'in-progress')) {
        const at = performance.now()
        await reader.cancel()
        return at
      }
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1)
  }
}

async function waitFinished(siteUrl: string, id: string): Promise<Measurement> {
  const response = await fetch(`${siteUrl}/api/measurements/${id}/events`)
  const text = await response.text()
  const finished = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as MeasurementEvent)
    .find((event) => event.type === 'finished')
  if (finished?.type !== 'finished') throw new Error(`measurement ${id} did not finish`)
  return finished.measurement
}

async function main() {
  const knot = await startKnot([ZONE])
  const redis = await startRedis()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-bench-'))
  const tokens = ['a', 'b', 'c'].map((name) => ({ name, token: `${name}-bench-token-0123456789` }))
  const site = await startServerProcess({
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    DNS_SERVERS: knot.endpoint,
    LOCAL_PROBE: 'false',
    MEASUREMENT_WORKERS: '256',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    PROBE_TOKENS: tokens.map(({ name, token }) => `${name}:${token}`).join(','),
  })
  const probes = await Promise.all(
    tokens.map(({ token }) =>
      startProbeProcess({
        PROBE_SITE_URL: site.url,
        PROBE_TOKEN: token,
        PROBE_DNS_SERVERS: knot.endpoint,
        PROBE_MAX_CONCURRENT: '256',
        PROBE_MAX_PER_TOOL: '256',
        PROBE_LOG_LEVEL: 'info',
      }),
    ),
  )
  try {
    console.log(`Measurement dispatch, ${samples} samples each, one site process, Redis, three probes\n`)
    // Warm both paths up (JIT, connections, the probes' first DNS client).
    for (let i = 0; i < 20; i += 1) {
      await postJson(`${site.url}/api/tools/dns`, DNS_BODY)
      const created = (await (
        await postJson(`${site.url}/api/measurements`, { tool: 'dns', ...DNS_BODY, locations: ['any'] })
      ).json()) as { id: string }
      await firstResult(site.url, created.id)
    }

    const local: number[] = []
    const dispatched: number[] = []
    for (let i = 0; i < samples; i += 1) {
      const started = performance.now()
      const answer = await postJson(`${site.url}/api/tools/dns`, DNS_BODY)
      await answer.json()
      local.push(performance.now() - started)

      const submitted = performance.now()
      const created = await postJson(`${site.url}/api/measurements`, { tool: 'dns', ...DNS_BODY, locations: ['any'] })
      const { id } = (await created.json()) as { id: string }
      dispatched.push((await firstResult(site.url, id)) - submitted)
    }
    const [l50, l99, d50, d99] = [
      percentile(local, 50),
      percentile(local, 99),
      percentile(dispatched, 50),
      percentile(dispatched, 99),
    ]
    console.log('                                   p50        p99')
    console.log(`POST /api/tools/dns (reference)  ${ms(l50).padStart(9)}  ${ms(l99).padStart(9)}`)
    console.log(`submit → first probe result      ${ms(d50).padStart(9)}  ${ms(d99).padStart(9)}`)
    console.log(`extra                            ${ms(d50 - l50).padStart(9)}  ${ms(d99 - l99).padStart(9)}`)
    console.log(
      `ratio                            ${(d50 / l50).toFixed(2).padStart(9)}  ${(d99 / l99).toFixed(2).padStart(9)}`,
    )
    console.log(`target: at most 20 ms extra at p50: ${d50 - l50 <= 20 ? 'met' : 'missed'}\n`)

    console.log('concurrent measurements (3 probes each)   rows answered   finished p50   finished p99')
    for (const batch of [10, 25, 50, 100, 200]) {
      const started = performance.now()
      const durations = await Promise.all(
        Array.from({ length: batch }, async () => {
          const submitted = performance.now()
          const created = await postJson(`${site.url}/api/measurements`, {
            tool: 'dns',
            ...DNS_BODY,
            locations: ['any'],
            limit: 3,
          })
          if (created.status !== 202) return { ms: performance.now() - submitted, answered: 0 }
          const { id } = (await created.json()) as { id: string }
          const measurement = await waitFinished(site.url, id)
          const answered = measurement.results.filter((row) => row.status === 'finished').length
          return { ms: performance.now() - submitted, answered }
        }),
      )
      const answered = durations.reduce((sum, d) => sum + d.answered, 0)
      const times = durations.map((d) => d.ms)
      console.log(
        `${String(batch).padStart(40)}   ${`${answered}/${batch * 3}`.padStart(13)}   ${ms(percentile(times, 50)).padStart(12)}   ${ms(percentile(times, 99)).padStart(12)}   (${ms(performance.now() - started)} in all)`,
      )
    }
  } finally {
    await Promise.all(probes.map((probe) => probe.kill('SIGTERM')))
    await site.kill('SIGTERM')
    await redis.stop()
    await knot.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
