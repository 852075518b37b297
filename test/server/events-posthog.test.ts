// POST /api/events with POSTHOG_KEY set: each stored event is also sent to PostHog's capture API
// (a fake PostHog on loopback here), signed-in users by account id only; nothing is stored or sent
// under Do-Not-Track or Global Privacy Control, and a failing PostHog never disturbs the answer.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { createEventsRepository } from '../../src/server/modules/events/repository.ts'
import { createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

interface Capture {
  api_key: string
  event: string
  distinct_id: string
  properties: Record<string, unknown>
  timestamp: string
}

/** A stand-in for PostHog: records capture bodies; answers with `status`. */
function startFakePosthog() {
  const received: Capture[] = []
  const waiters: Array<{ event: string; resolve: (c: Capture) => void }> = []
  let status = 200
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const capture = JSON.parse(body) as Capture
      received.push({ ...capture, properties: { ...capture.properties, path_called: request.url } })
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"status":"Ok"}')
      for (const waiter of waiters.filter((w) => w.event === capture.event)) waiter.resolve(received.at(-1) as Capture)
    })
  })
  return {
    received,
    setStatus: (code: number) => {
      status = code
    },
    /** Resolves with the first capture of `event`, already received or still to come. */
    next: (event: string) =>
      new Promise<Capture>((resolve) => {
        const seen = received.find((c) => c.event === event)
        if (seen) resolve(seen)
        else waiters.push({ event, resolve })
      }),
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('analytics forwarding to PostHog', () => {
  const posthog = startFakePosthog()
  let t: TestApp
  let database: DatabaseHandle
  const stored = () => createEventsRepository(database.db).list()
  const sessionId = '0b8a5b1e-3c1d-4d6e-9f2a-6c1e2d3f4a5b'

  beforeAll(async () => {
    const port = await posthog.listen()
    t = await createTestApp({ POSTHOG_KEY: 'phc_test_key', POSTHOG_HOST: `http://127.0.0.1:${port}` })
    database = await createDatabase({ dialect: 'sqlite', file: path.join(t.dataDir, 'nettoolbox.db') })
  })
  afterAll(async () => {
    await database?.close()
    await t?.close()
    await posthog.close()
  })

  it('stores a tool_used event and sends it to PostHog with the key, anonymously, without a person profile', async () => {
    const properties = {
      tool_name: 'DNS',
      timestamp: '2026-01-02T03:04:05.000Z',
      session_id: sessionId,
    }
    // An input sent by an older page is neither stored nor forwarded.
    const sent = { ...properties, input_value: 'secret-internal.example.test' }
    const res = await createClient(t.app).post('/api/events', { name: 'tool_used', properties: sent })
    expect(res.statusCode).toBe(204)
    const [event] = await stored()
    expect(event).toMatchObject({ name: 'tool_used', userId: null, properties })
    expect(JSON.stringify(event)).not.toContain('secret-internal')
    const capture = await posthog.next('tool_used')
    expect(JSON.stringify(capture)).not.toContain('secret-internal')
    expect(capture).toMatchObject({
      api_key: 'phc_test_key',
      distinct_id: sessionId,
      properties: { ...properties, $process_person_profile: false, path_called: '/i/v0/e/' },
    })
    expect(Number.isNaN(Date.parse(capture.timestamp))).toBe(false)
  })

  it('identifies a signed-in sender to PostHog by account id only, linking the anonymous session', async () => {
    const kim = await signUpVerified(t.app, 'kim@example.test', 'kim-secret', (a) => latestOutboxMail(t.dataDir, a))
    const kimId = (await kim.get('/api/auth/get-session')).json().user.id as string
    expect(
      (await kim.post('/api/events', { name: '$identify', properties: { session_id: sessionId } })).statusCode,
    ).toBe(204)
    const capture = await posthog.next('$identify')
    expect(capture).toMatchObject({ distinct_id: kimId, properties: { $anon_distinct_id: sessionId } })
    expect(capture.properties).not.toHaveProperty('$process_person_profile')
    expect(JSON.stringify(capture)).not.toContain('kim@example.test')
  })

  it.each([['dnt'], ['sec-gpc']])('neither stores nor sends an event carrying %s: 1', async (header) => {
    const before = (await stored()).length
    const client = createClient(t.app)
    const res = await client.request({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'tool_result' },
      headers: { [header]: '1' },
    })
    expect(res.statusCode).toBe(204)
    expect((await stored()).length).toBe(before)
    // A later event arrives; the opted-out one was never sent before it.
    await client.post('/api/events', { name: `after_${header.replace('-', '_')}` })
    await posthog.next(`after_${header.replace('-', '_')}`)
    expect(posthog.received.filter((c) => c.event === 'tool_result')).toEqual([])
  })

  it('answers 204 and keeps the event when PostHog fails', async () => {
    posthog.setStatus(500)
    const res = await createClient(t.app).post('/api/events', {
      name: '$pageleave',
      properties: { $pathname: '/ping' },
    })
    expect(res.statusCode).toBe(204)
    await posthog.next('$pageleave')
    expect((await stored())[0]).toMatchObject({ name: '$pageleave', properties: { $pathname: '/ping' } })
    posthog.setStatus(200)
  })
})

describe('analytics without POSTHOG_KEY', () => {
  it('stores events and sends nothing anywhere', async () => {
    const posthog = startFakePosthog()
    const port = await posthog.listen()
    const t = await createTestApp({ POSTHOG_HOST: `http://127.0.0.1:${port}` })
    try {
      expect((await createClient(t.app).post('/api/events', { name: '$pageview' })).statusCode).toBe(204)
      // Another app with the key set sends its own event to the same fake: only that one arrives.
      const keyed = await createTestApp({ POSTHOG_KEY: 'k', POSTHOG_HOST: `http://127.0.0.1:${port}` })
      try {
        await createClient(keyed.app).post('/api/events', { name: 'marker' })
        await posthog.next('marker')
        expect(posthog.received.map((c) => c.event)).toEqual(['marker'])
      } finally {
        await keyed.close()
      }
    } finally {
      await t.close()
      await posthog.close()
    }
  })
})
