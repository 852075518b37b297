// Hand-rolled probe clients for tests of the probes' door: a raw WebSocket upgrade over TCP (what an
// attacker without a token sends), and a Socket.IO client that speaks the probe protocol itself, so a
// test can announce what it likes and answer tasks with forged results.
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { io, type Socket } from 'socket.io-client'
import { RefusalReadingWebSocket } from '../../../src/probe/refusal-reading-transport.ts'
import {
  PROBE_PROTOCOL_VERSION,
  PROBES_NAMESPACE,
  PROBES_SOCKET_PATH,
  type ProbeHello,
  probeAuthorizationHeader,
} from '../../../src/shared/probe-protocol.ts'

/** One masked WebSocket text frame, as a client sends it (RFC 6455 §5.2). */
export function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const length = payload.length
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : length < 65_536
        ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigEndian64(length)])
  for (let i = 0; i < payload.length; i += 1) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number)
  return Buffer.concat([header, mask, payload])
}

function bigEndian64(value: number): Buffer {
  const buffer = Buffer.alloc(8)
  buffer.writeBigUInt64BE(BigInt(value))
  return buffer
}

export interface RawUpgradeOutcome {
  /** The first line of the site's answer ("HTTP/1.1 400 Bad Request", "HTTP/1.1 101 Switching Protocols"). */
  statusLine: string
  /** Everything the site sent after its headers before it closed (or before `waitMs`). */
  body: string
  /** Whether the site closed the connection within `waitMs`. */
  closed: boolean
}

/**
 * Opens a TCP connection, writes a WebSocket upgrade of the probes' path with `headers` and, in the
 * same write, `frames` (as if the upgrade had succeeded), and reports what the site answered.
 */
export function rawUpgrade(
  siteUrl: string,
  options: { localAddress?: string; headers?: Record<string, string>; frames?: Buffer[]; waitMs?: number },
): Promise<RawUpgradeOutcome> {
  const { hostname, port } = new URL(siteUrl)
  const headers = {
    Host: `${hostname}:${port}`,
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    ...options.headers,
  }
  const request = [
    `GET ${PROBES_SOCKET_PATH}?EIO=4&transport=websocket HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n')
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress })
    const chunks: Buffer[] = []
    let closed = false
    const finish = () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      resolve({
        statusLine: text.split('\r\n')[0] ?? '',
        body: end === -1 ? '' : text.slice(end + 4),
        closed,
      })
      socket.destroy()
    }
    const timer = setTimeout(finish, options.waitMs ?? 10_000)
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(request), ...(options.frames ?? [])])))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)))
    socket.on('close', () => {
      closed = true
      finish()
    })
  })
}

/** A connected client and the site's `hello` to it. */
export type ProbeClient = Socket & { hello: ProbeHello }

export interface ProbeClientOptions {
  token: string
  /** The token of the upgrade's Authorization header, when it is to differ from `token` (or be absent: null). */
  headerToken?: string | null
  name?: string
  localAddress?: string
  /** The protocol version it says it speaks (this checkout's unless given: 2 for a probe without live lines). */
  protocol?: number
}

/**
 * A probe-protocol client, connected and greeted (resolves once the site's `hello` is in) or refused
 * (rejects with the site's reason, read by the probe's own transport).
 */
export function connectProbeClient(siteUrl: string, options: ProbeClientOptions): Promise<ProbeClient> {
  const headerToken = options.headerToken === undefined ? options.token : options.headerToken
  const socket = io(new URL(PROBES_NAMESPACE, siteUrl).href, {
    path: PROBES_SOCKET_PATH,
    transports: [RefusalReadingWebSocket],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    extraHeaders: headerToken === null ? {} : probeAuthorizationHeader(headerToken),
    localAddress: options.localAddress,
    auth: { token: options.token, name: options.name, protocol: options.protocol ?? PROBE_PROTOCOL_VERSION },
  } as Parameters<typeof io>[1])
  return new Promise((resolve, reject) => {
    socket.once('hello', (hello: ProbeHello) => resolve(Object.assign(socket, { hello })))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}

/** Resolves with the next `event` the site sends the client. */
export function nextEvent<T = unknown>(socket: ProbeClient, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

/** A plausible announcement, with any field replaced. */
export function announcement(overrides: Record<string, unknown> = {}) {
  return {
    location: {
      country: 'DE',
      city: 'Frankfurt',
      continent: 'EU',
      region: 'eu-central',
      asn: 64500,
      network: 'Test Net',
      latitude: 50.1,
      longitude: 8.7,
      ...overrides,
    },
    tools: ['dns'],
    knownTasks: [],
    version: 'test',
  }
}
