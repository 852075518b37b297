// The probes' door of a real site on loopback: a WebSocket upgrade without a valid token is answered
// with an HTTP refusal (no socket, so nothing it sends is read), failed handshakes shut their address
// out, connections are capped per address, an oversize message closes the socket, and a probe with a
// valid token is let in. Each test speaks from its own loopback address (127.0.0.x).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBE_MAX_MESSAGE_BYTES, probeAuthorizationHeader } from '../../src/shared/probe-protocol.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import {
  announcement,
  clientTextFrame,
  connectProbeClient,
  nextEvent,
  type ProbeClient,
  rawUpgrade,
} from '../support/probes/probe-client.ts'

const TOKEN = 'door-test-token-0123456789'
const FLOOD = `42["ready",{"x":"${'A'.repeat(100_000)}"}]`

describe('the probes socket of a real site', () => {
  let site: RunningServer
  const clients: ProbeClient[] = []
  const connect = async (options: Parameters<typeof connectProbeClient>[1]) => {
    const client = await connectProbeClient(site.url, options)
    clients.push(client)
    return client
  }
  const refusalOf = (options: Parameters<typeof connectProbeClient>[1]) =>
    connectProbeClient(site.url, options).then(
      (client) => {
        client.close()
        return 'connected'
      },
      (error: Error) => error.message,
    )
  const listedProbes = async () =>
    ((await (await fetch(`${site.url}/api/probes`)).json()) as { probes: Array<{ id: string }> }).probes.map(
      (probe) => probe.id,
    )

  beforeAll(async () => {
    site = await startHttpServer({ PROBE_TOKENS: `door:${TOKEN}`, LOCAL_PROBE: 'false', WEB_DIST: 'dist/none' })
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await site?.close()
  })

  it('refuses an upgrade without a token with an HTTP answer, so the frames sent after it are never read', async () => {
    const answer = await rawUpgrade(site.url, {
      localAddress: '127.0.0.11',
      frames: [clientTextFrame('40/probes,{}'), clientTextFrame(FLOOD), clientTextFrame(FLOOD)],
    })
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(answer.body).toBe('This probe sends no token when it connects: update the probe')
    expect(answer.closed).toBe(true)
    expect(await listedProbes()).toEqual([])
  })

  it('refuses a bad token the same way, and a valid token gets the upgrade', async () => {
    const bad = await rawUpgrade(site.url, {
      localAddress: '127.0.0.12',
      headers: { Authorization: 'Bearer not-a-token-of-this-site' },
      frames: [clientTextFrame(FLOOD)],
    })
    expect(bad.statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(bad.body).toBe('This probe token is not valid (unknown or revoked)')
    expect(bad.closed).toBe(true)
    const good = await rawUpgrade(site.url, {
      localAddress: '127.0.0.12',
      headers: { Authorization: `Bearer ${TOKEN}` },
      waitMs: 500,
    })
    expect(good.statusLine).toBe('HTTP/1.1 101 Switching Protocols')
  })

  it('shuts out an address after five failed handshakes, even with a valid token; other addresses are let in', async () => {
    for (let i = 0; i < 5; i += 1) {
      const bad = await rawUpgrade(site.url, { localAddress: '127.0.0.13', headers: { Authorization: 'Bearer guess' } })
      expect(bad.body).toBe('This probe token is not valid (unknown or revoked)')
    }
    const locked = await rawUpgrade(site.url, {
      localAddress: '127.0.0.13',
      headers: probeAuthorizationHeader(TOKEN),
    })
    expect(locked.body).toBe('Too many failed probe handshakes from this address: try again later')
    expect(await refusalOf({ token: TOKEN, localAddress: '127.0.0.13' })).toBe(
      'Too many failed probe handshakes from this address: try again later',
    )
    expect(await refusalOf({ token: TOKEN, localAddress: '127.0.0.14' })).toBe('connected')
  })

  it('caps probe connections per address, and frees a place when a probe leaves', async () => {
    const fleet: ProbeClient[] = []
    for (let i = 1; i <= 10; i += 1) {
      const client = await connect({ token: TOKEN, name: `nat-${i}`, localAddress: '127.0.0.15' })
      expect(await client.timeout(10_000).emitWithAck('ready', announcement())).toEqual({ ok: true })
      fleet.push(client)
    }
    expect(await refusalOf({ token: TOKEN, name: 'nat-11', localAddress: '127.0.0.15' })).toBe(
      'Too many probe connections from this address (at most 10)',
    )
    expect(await refusalOf({ token: TOKEN, name: 'elsewhere', localAddress: '127.0.0.16' })).toBe('connected')

    fleet[0]?.close()
    // The site has seen the probe leave once it no longer lists it.
    while ((await listedProbes()).includes('door--nat-1')) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await refusalOf({ token: TOKEN, name: 'nat-11', localAddress: '127.0.0.15' })).toBe('connected')
  })

  it('refuses a handshake whose auth token is not the one of the upgrade', async () => {
    expect(
      await refusalOf({ token: 'door-test-token-other-one', headerToken: TOKEN, localAddress: '127.0.0.17' }),
    ).toBe('The handshake token is not the one the connection was opened with')
  })

  it('closes the socket of a probe that sends a message over the size limit; the probe can come back', async () => {
    const client = await connect({ token: TOKEN, name: 'oversize', localAddress: '127.0.0.18' })
    const closed = nextEvent<string>(client, 'disconnect')
    client.emit('result', { taskId: 'x:0', error: 'A'.repeat(PROBE_MAX_MESSAGE_BYTES + 1000) })
    expect(await closed).toBe('transport close')
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200)
    const again = await connect({ token: TOKEN, name: 'oversize', localAddress: '127.0.0.18' })
    expect(again.hello).toMatchObject({ probeId: 'door--oversize', seenAddress: '127.0.0.18' })
  })
})
