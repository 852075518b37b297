// The probes' door of a real site on loopback: a WebSocket upgrade without a valid token is answered
// with an HTTP refusal (no socket, so nothing it sends is read), failed handshakes shut their address
// out, an address flooding while shut out is cut off at the TCP level, connections are capped per
// address, an oversize message closes the socket, and a probe with a valid token is let in. Each
// test speaks from its own loopback address (127.0.0.x).

import { request } from 'node:http'
import type { Socket } from 'node:net'
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
/**
 * What one read of a socket takes at most (libuv's buffer, also a socket's buffering limit): all the
 * site reads of a peer refused at once; a peer answered late has one more held while it waits.
 */
const ONE_READ_BYTES = 64 * 1024

/** Status of GET /healthz from `localAddress`, or the error that ended it. */
function healthzFrom(siteUrl: string, localAddress: string): Promise<number | string> {
  const { hostname, port } = new URL(siteUrl)
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')))
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end()
  })
}

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

  /** The site's side of every connection it accepted, in order, with the peer's address. */
  const accepted: Array<[string, Socket]> = []
  const acceptedFrom = (address: string) => accepted.filter(([peer]) => peer === address)

  beforeAll(async () => {
    site = await startHttpServer({ PROBE_TOKENS: `door:${TOKEN}`, LOCAL_PROBE: 'false', WEB_DIST: 'dist/none' })
    site.app.server.on('connection', (socket: Socket) => {
      accepted.push([socket.remoteAddress ?? '', socket])
    })
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await site?.close()
  })

  it('refuses an upgrade without a token with an HTTP answer, so the frames sent after it are never read', async () => {
    const frames = [clientTextFrame('40/probes,{}'), ...Array.from({ length: 12 }, () => clientTextFrame(FLOOD))]
    const answer = await rawUpgrade(site.url, { localAddress: '127.0.0.11', frames })
    expect(answer.statusLine).toBe('HTTP/1.1 401 Unauthorized')
    expect(answer.body).toBe('This probe sends no token when it connects: update the probe')
    expect(answer.closed).toBe(true)
    expect(await listedProbes()).toEqual([])
    // The site's socket is closed, having read the request and at most the buffers it held meanwhile.
    const [[, socket] = []] = acceptedFrom('127.0.0.11')
    expect(socket?.destroyed).toBe(true)
    const sent = frames.reduce((sum, frame) => sum + frame.length, 0)
    expect(sent).toBeGreaterThan(10 * ONE_READ_BYTES)
    expect(socket?.bytesRead).toBeLessThanOrEqual(2 * ONE_READ_BYTES)
  })

  it('answers an upgrade of any other path with 404 and closes it', async () => {
    const { hostname, port } = new URL(site.url)
    const answer = await new Promise<string>((resolve) => {
      const req = request({
        host: hostname,
        port,
        path: '/api/ws',
        localAddress: '127.0.0.10',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      })
      req.on('response', (res) => resolve(`${res.statusCode}`))
      req.on('upgrade', () => resolve('upgraded'))
      req.on('error', (error) => resolve(error.message))
      req.end()
    })
    expect(answer).toBe('404')
  })

  it('refuses a bad token the same way, and a valid token gets the upgrade', async () => {
    const bad = await rawUpgrade(site.url, {
      localAddress: '127.0.0.12',
      headers: { Authorization: 'Bearer not-a-token-of-this-site' },
      frames: [clientTextFrame(FLOOD)],
    })
    expect(bad.statusLine).toBe('HTTP/1.1 401 Unauthorized')
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
    const lockedFrames = Array.from({ length: 12 }, () => clientTextFrame(FLOOD))
    const locked = await rawUpgrade(site.url, {
      localAddress: '127.0.0.13',
      headers: probeAuthorizationHeader(TOKEN),
      frames: lockedFrames,
    })
    expect(locked.statusLine).toBe('HTTP/1.1 429 Too Many Requests')
    expect(locked.body).toBe('Too many failed probe handshakes from this address: try again later')
    expect(locked.closed).toBe(true)
    // Refused at once: the site read no more than the one buffer that held the request.
    const [, lockedSocket] = acceptedFrom('127.0.0.13').at(-1) ?? []
    expect(lockedSocket?.bytesRead).toBeLessThanOrEqual(ONE_READ_BYTES)
    expect(await refusalOf({ token: TOKEN, localAddress: '127.0.0.13' })).toBe(
      'Too many failed probe handshakes from this address: try again later',
    )
    expect(await refusalOf({ token: TOKEN, localAddress: '127.0.0.14' })).toBe('connected')
  })

  it('cuts an address off at the TCP level once it floods the door while shut out; others are served', async () => {
    const knock = () => rawUpgrade(site.url, { localAddress: '127.0.0.19' })
    for (let i = 0; i < 5; i += 1) expect((await knock()).statusLine).toBe('HTTP/1.1 401 Unauthorized')
    let lockedOut = 0
    while (lockedOut < 300) {
      const answers = await Promise.all(Array.from({ length: 20 }, knock))
      for (const answer of answers) {
        expect(answer.statusLine).toBe('HTTP/1.1 429 Too Many Requests')
        lockedOut += 1
      }
    }
    const before = acceptedFrom('127.0.0.19').length
    // No answer at all: closed at once (a reset, when the request had arrived before the close).
    const cutOff = await knock().catch((error: NodeJS.ErrnoException) => error.code)
    expect([{ statusLine: '', body: '', closed: true }, 'ECONNRESET']).toContainEqual(cutOff)
    expect(await healthzFrom(site.url, '127.0.0.19')).toBe('ECONNRESET')
    // Closed as they arrived: the site read nothing of either connection.
    const fresh = acceptedFrom('127.0.0.19').slice(before)
    expect(fresh).toHaveLength(2)
    for (const [, socket] of fresh) expect(socket.bytesRead).toBe(0)
    expect(await healthzFrom(site.url, '127.0.0.20')).toBe(200)
    expect(await refusalOf({ token: TOKEN, localAddress: '127.0.0.20' })).toBe('connected')
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
