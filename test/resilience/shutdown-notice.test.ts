// When the shutdown grace is over (the notice src/server/shutdown/graceful-stop.ts announces), every
// answer still open ends with a last word that the server is restarting: a measurement's event
// stream, a tool run's event stream and a plain tool run, all held in flight by a DNS server on
// loopback that never answers until told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type SlowDns, startSlowDns } from '../support/dns/slow-dns.ts'
import { submitMeasurement } from '../support/probes/measurements.ts'

const RESTARTING = {
  error: {
    type: 'server_restarting',
    message: 'The server is restarting and could not finish this in time. Try again in a moment.',
  },
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('the shutdown notice', () => {
  let dns: SlowDns
  let site: RunningServer
  beforeAll(async () => {
    dns = await startSlowDns()
    site = await startHttpServer({ DNS_SERVERS: dns.endpoint, WEB_DIST: 'dist/none' })
  })
  afterAll(async () => {
    dns?.answer()
    await site?.close()
    await dns?.stop()
  })

  const runDns = (input: string, stream: boolean) =>
    fetch(`${site.url}/api/tools/dns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
      body: JSON.stringify({ input }),
    })

  it('ends measurement streams, tool streams and plain runs in flight with server_restarting', async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'dns',
      input: 'measured.held.test',
      locations: ['local'],
    })
    expect(created.status).toBe(202)
    // The measurement's stream is open once its first row (in progress) has arrived.
    const measurementEvents = await fetch(`${site.url}/api/measurements/${created.body.id}/events`)
    expect(measurementEvents.headers.get('content-type')).toContain('text/event-stream')
    const reader = measurementEvents.body?.pipeThrough(new TextDecoderStream()).getReader()
    if (!reader) throw new Error('the measurement stream has no body')
    let measurementText = ''
    while (!measurementText.includes('event: row')) {
      const { value, done } = await reader.read()
      if (done) break
      measurementText += value
    }
    const toolStream = runDns('streamed.held.test', true)
    const plain = runDns('plain.held.test', false)
    await until(
      () => ['measured.held.test', 'streamed.held.test', 'plain.held.test'].every((name) => dns.names.includes(name)),
      'the three lookups to be in flight',
    )

    site.app.shutdownNotice.announce()

    const lastWord = `event: error\ndata: ${JSON.stringify(RESTARTING)}\n\n`
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      measurementText += value
    }
    expect(measurementText.endsWith(lastWord)).toBe(true)
    expect(measurementText).not.toContain('event: finished')
    const toolEvents = await toolStream
    const toolText = await toolEvents.text()
    expect(toolText.endsWith(lastWord)).toBe(true)
    expect(toolText).not.toContain('event: result')
    const plainAnswer = await plain
    expect(plainAnswer.status).toBe(503)
    expect(plainAnswer.headers.get('retry-after')).toBe('5')
    expect(await plainAnswer.json()).toEqual(RESTARTING)
  })
})
