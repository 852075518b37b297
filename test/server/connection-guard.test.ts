// One address cannot starve the site: an attacker on 127.0.0.2 opens two thousand connections that
// send headers and then trickle a body, while a bystander on 127.0.0.3 keeps getting /healthz and a
// DNS run answered within a second. The attacker holds at most its per-client share, and trickled
// bodies and unfinished headers are cut off within seconds.
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const ATTACKER = '127.0.0.2'
const BYSTANDER = '127.0.0.3'
const PER_CLIENT = 40
const ATTACK_CONNECTIONS = 2000
const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: the connection-exhaustion test needs knotd (Debian package knot)')

interface Timed {
  status: number
  ms: number
}

function bystander(port: number, method: string, path: string, body?: string): Promise<Timed> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: BYSTANDER,
        agent: false,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A connection that sends its headers, announces a 60,000-byte body and trickles it a byte at a time. */
function slowClient(port: number, sockets: Set<net.Socket>): void {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress: ATTACKER })
  sockets.add(socket)
  socket.on('error', () => {})
  socket.resume()
  socket.on('close', () => sockets.delete(socket))
  socket.on('connect', () => {
    socket.write(
      'POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
    )
    const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write(' ')), 500)
    socket.on('close', () => clearInterval(drip))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!knotAvailable)('connection exhaustion from one address', () => {
  let knot: KnotServer
  let t: TestApp
  let port: number
  const sockets = new Set<net.Socket>()

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    t = await createTestApp({
      DNS_SERVERS: knot.endpoint,
      MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT),
      HEADERS_TIMEOUT_MS: '2000',
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await t?.close()
    await knot?.stop()
  })

  it('caps the attacker at its share while a bystander keeps getting answers within a second', async () => {
    for (let i = 0; i < ATTACK_CONNECTIONS; i++) slowClient(port, sockets)
    // The server closes every connection beyond the attacker's share as soon as it accepts it; on a
    // loaded two-core machine the client side may take seconds to see two thousand closes.
    for (let i = 0; i < 150 && sockets.size > PER_CLIENT; i++) await sleep(100)
    expect(sockets.size).toBeLessThanOrEqual(PER_CLIENT)
    expect(sockets.size).toBeGreaterThan(0)

    const timings: Timed[] = []
    for (let i = 0; i < 5; i++) {
      timings.push(await bystander(port, 'GET', '/healthz'))
      timings.push(
        await bystander(
          port,
          'POST',
          '/api/tools/dns',
          JSON.stringify({ input: 'example.test', options: { type: 'A' } }),
        ),
      )
    }
    for (const timing of timings) expect(timing.status).toBe(200)
    expect(Math.max(...timings.map((timing) => timing.ms))).toBeLessThan(1000)

    // Trickled bodies are cut off once the grace period is over: nothing of the attack is left.
    await sleep(7000)
    expect(sockets.size).toBe(0)
  }, 45_000)

  it('closes a connection whose headers do not arrive within HEADERS_TIMEOUT_MS', async () => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: BYSTANDER })
    socket.on('error', () => {})
    socket.resume()
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const started = performance.now()
    await new Promise((resolve) => socket.once('close', resolve))
    const heldMs = performance.now() - started
    expect(heldMs).toBeGreaterThan(1500)
    expect(heldMs).toBeLessThan(4500)
  }, 10_000)
})
