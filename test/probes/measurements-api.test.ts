// The measurement API of a single site process without Redis: the site's own probe ("local") runs a
// DNS lookup against a Knot server on loopback; bad bodies, unknown places, the probe cap, the event
// stream and the stored run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Measurement, MeasurementEvent } from '../../src/shared/measurements.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'

const ZONE = {
  origin: 'probe.test',
  text: [
    '$ORIGIN probe.test.',
    '$TTL 300',
    '@ SOA ns hostmaster 1 3600 600 86400 300',
    '@ NS ns',
    'ns A 127.0.0.1',
    'www A 192.0.2.80',
  ].join('\n'),
}

function eventsOf(payload: string): MeasurementEvent[] {
  return payload
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)) as MeasurementEvent)
}

if (!knotAvailable) console.warn('SKIPPED: the measurements API test needs Knot DNS (Debian package knot)')

describe.skipIf(!knotAvailable)('measurements on one site process without Redis', () => {
  let knot: KnotServer
  let site: RunningServer

  beforeAll(async () => {
    knot = await startKnot([ZONE])
    site = await startHttpServer({ DNS_SERVERS: knot.endpoint, MEASUREMENT_MAX_PROBES: '3', WEB_DIST: 'dist/none' })
  })
  afterAll(async () => {
    await site?.close()
    await knot?.stop()
  })

  it('GET /api/probes lists the site own probe with the tools it can run', async () => {
    const answer = await fetch(`${site.url}/api/probes`)
    const { probes } = (await answer.json()) as { probes: Array<{ id: string; local: boolean; tools: string[] }> }
    expect(answer.status).toBe(200)
    expect(probes).toEqual([expect.objectContaining({ id: 'local', local: true })])
    expect(probes[0]?.tools).toEqual(expect.arrayContaining(['dns', 'rdns', 'ssl', 'website-check', 'mail']))
  })

  it('a DNS measurement from "local" finishes with the answer POST /api/tools/dns gives', async () => {
    const created = await submitMeasurement(site.url, { tool: 'dns', input: 'www.probe.test', locations: ['local'] })
    expect(created.status).toBe(202)
    expect(created.body.probesCount).toBe(1)
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(done).toMatchObject({ tool: 'dns', input: 'www.probe.test', locations: ['local'], status: 'finished' })
    const [row] = done.results
    expect(row?.status).toBe('finished')
    expect(row?.probe).toMatchObject({ id: 'local', local: true })
    expect(row?.result?.status).toBe('ok')
    expect(row?.result?.lines.join('\n')).toContain('192.0.2.80')
    const direct = await fetch(`${site.url}/api/tools/dns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'www.probe.test' }),
    })
    const { lines } = (await direct.json()) as { lines: string[] }
    expect(row?.result?.lines.filter((line) => line.includes('192.0.2.80'))).toEqual(
      lines.filter((line) => line.includes('192.0.2.80')),
    )
  })

  it('the finished measurement is one stored run that a permalink holds', async () => {
    const created = await submitMeasurement(site.url, { tool: 'dns', input: 'www.probe.test', locations: ['any'] })
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(done.runId).toEqual(expect.any(String))
    const share = await fetch(`${site.url}/api/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ runId: done.runId }),
    })
    expect(share.status).toBe(201)
    const { id } = (await share.json()) as { id: string }
    const shared = (await (await fetch(`${site.url}/api/results/${id}`)).json()) as {
      tool: string
      lines: string[]
      result: { kind: string; results: Measurement['results'] }
    }
    expect(shared.tool).toBe('dns')
    expect(shared.result.kind).toBe('measurement')
    expect(shared.result.results[0]?.status).toBe('finished')
    expect(shared.lines[0]).toContain('(this server)')
  })

  it('the event stream sends every row and a last finished event, then ends', async () => {
    const created = await submitMeasurement(site.url, { tool: 'dns', input: 'www.probe.test', locations: ['local'] })
    const stream = await fetch(`${site.url}/api/measurements/${created.body.id}/events`)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const events = eventsOf(await stream.text())
    const last = events.at(-1)
    expect(last?.type).toBe('finished')
    if (last?.type !== 'finished') return
    expect(last.measurement.results[0]?.status).toBe('finished')
    expect(
      events.filter((event) => event.type === 'row').map((event) => event.type === 'row' && event.index),
    ).toContain(0)
  })

  it.each([
    [{ tool: 'whois', input: 'example.com', locations: ['any'] }, 'tool must be one of ping, traceroute'],
    [{ tool: 'dns', input: 'www.probe.test', locations: [] }, 'Choose at least one location'],
    [{ tool: 'dns', input: 'not a name!', locations: ['any'] }, 'Invalid'],
    [{ tool: 'ping', input: 'example.com', locations: ['any'], limit: 0 }, 'limit must be 1 to 10'],
    [{ tool: 'dns', input: 'www.probe.test', locations: ['any', 'local', 'DE'], limit: 2 }, 'at most 3 probes'],
  ])('a bad body is a 400 that says what is wrong: %j', async (body, message) => {
    const answer = await submitMeasurement(site.url, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toContain(message)
  })

  it('a place no connected probe is in is a 422 naming it', async () => {
    const answer = await submitMeasurement(site.url, { tool: 'dns', input: 'www.probe.test', locations: ['Japan'] })
    expect(answer.status).toBe(422)
    expect(answer.body.error).toEqual({ type: 'no_probes', message: 'No connected probe matches "Japan"' })
  })

  it('the OpenAPI document describes the measurement routes', async () => {
    const document = (await (await fetch(`${site.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/measurements',
        '/api/measurements/{id}',
        '/api/measurements/{id}/events',
        '/api/probes',
      ]),
    )
    expect(document.paths['/api/measurements']?.post?.tags).toEqual(['measurements'])
  })

  it('an unknown measurement is a 404', async () => {
    const answer = await fetch(`${site.url}/api/measurements/AAAAAAAAAAAAAAAAAAAAAA`)
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ error: { type: 'not_found', message: 'Unknown or expired measurement' } })
  })
})
