// The probes' door: the site's one handler of HTTP upgrades. Socket.IO's engine never sees a request
// this door has not let in. For each upgrade, in order of cost: the path (only /socket.io/), the
// per-address limits (probe-handshake-guard.ts, Map lookups), then the token of the Authorization
// header. A refused peer gets a short HTTP answer written from bytes prepared at start and its
// socket is destroyed at once, so whatever it sent behind its request is never read; a failed token
// check is answered `failureDelayMs` late. Refusals are counted and summed up in one log line every
// SUMMARY_EVERY_MS, never logged one by one. An address that floods the door while it is shut out
// (guard.shunned) has its connections closed as they arrive, before a byte is read — for the whole
// site, since a TCP connection does not say yet what it is for; this applies only when the peer's
// own address is the one the limits count (no TRUST_PROXY), never to a proxy's.
import type { Server as HttpServer, IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger as Logger } from 'fastify'
import { PROBES_SOCKET_PATH, probeTokenOfHeader } from '../../../shared/probe-protocol.ts'
import {
  type HandshakeGuard,
  type HandshakeLimits,
  type HandshakeRefusal,
  handshakeRefusalMessage,
} from './probe-handshake-guard.ts'

export const SUMMARY_EVERY_MS = 10_000

/** Every way the door turns a peer away. */
export type DoorRefusal = HandshakeRefusal | 'not-found' | 'no-token' | 'bad-token' | 'token-check-failed'

export const NO_TOKEN_MESSAGE = 'This probe sends no token when it connects: update the probe'
export const BAD_TOKEN_MESSAGE = 'This probe token is not valid (unknown or revoked)'

const ANSWERS: Record<DoorRefusal, { status: string; message: (limits: HandshakeLimits) => string }> = {
  'not-found': { status: '404 Not Found', message: () => `Only ${PROBES_SOCKET_PATH} takes WebSocket connections` },
  'no-token': { status: '401 Unauthorized', message: () => NO_TOKEN_MESSAGE },
  'bad-token': { status: '401 Unauthorized', message: () => BAD_TOKEN_MESSAGE },
  'token-check-failed': {
    status: '503 Service Unavailable',
    message: () => 'The site cannot check probe tokens right now; retrying later',
  },
  'locked-out': { status: '429 Too Many Requests', message: (limits) => handshakeRefusalMessage('locked-out', limits) },
  'too-frequent': {
    status: '429 Too Many Requests',
    message: (limits) => handshakeRefusalMessage('too-frequent', limits),
  },
  'too-many-pending': {
    status: '429 Too Many Requests',
    message: (limits) => handshakeRefusalMessage('too-many-pending', limits),
  },
  'too-many-connections': {
    status: '429 Too Many Requests',
    message: (limits) => handshakeRefusalMessage('too-many-connections', limits),
  },
}

/** The whole HTTP answer of a refusal: status line, headers and the words the probe logs. */
export function refusalBytes(status: string, message: string): Buffer {
  const body = Buffer.from(message)
  const head = `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

/** A probe the door let in: who it is, for the Socket.IO handshake of the same request. */
export interface AdmittedProbe {
  address: string
  tokenName: string
  token: string
}

export interface ProbeDoorOptions {
  guard: HandshakeGuard
  limits: HandshakeLimits
  /** The name of a valid token, or null. */
  tokenNameOf(token: string): Promise<string | null>
  /** The address the limits count a request under (through trusted proxies). */
  addressOf(request: IncomingMessage): string
  /** Whether that address is the peer's own (no trusted proxy): only then are floods shunned. */
  countsPeerAddress: boolean
  /** Hands an admitted upgrade on (to Socket.IO's engine). */
  admit(request: IncomingMessage, socket: Socket, head: Buffer, probe: AdmittedProbe): void
  log: Logger
}

export interface DoorCounts {
  admitted: number
  /** Connections closed as they arrived, from addresses shunned for flooding. */
  shunned: number
  refused: Record<DoorRefusal, number>
}

export interface ProbeDoor {
  counts: DoorCounts
  close(): void
}

const ignoreError = () => {}

const zeroRefusals = (): Record<DoorRefusal, number> => ({
  'not-found': 0,
  'no-token': 0,
  'bad-token': 0,
  'token-check-failed': 0,
  'locked-out': 0,
  'too-frequent': 0,
  'too-many-pending': 0,
  'too-many-connections': 0,
})

export function openProbeDoor(httpServer: HttpServer, options: ProbeDoorOptions): ProbeDoor {
  const { guard, limits, log } = options
  const answers = Object.fromEntries(
    Object.entries(ANSWERS).map(([refusal, answer]) => [refusal, refusalBytes(answer.status, answer.message(limits))]),
  ) as Record<DoorRefusal, Buffer>
  const counts: DoorCounts = { admitted: 0, shunned: 0, refused: zeroRefusals() }
  const delays = new Set<NodeJS.Timeout>()
  const summary = createRefusalSummary(counts, log)

  const refuse = (socket: Socket, refusal: DoorRefusal) => {
    counts.refused[refusal] += 1
    if (!socket.destroyed) socket.write(answers[refusal])
    socket.destroy()
  }
  /** A failed token check (no token, a bad one): counts towards the lockout, answered late. */
  const refuseLate = (socket: Socket, address: string, refusal: 'no-token' | 'bad-token') => {
    guard.fail(address)
    summary.failedFrom(address)
    const timer = setTimeout(() => {
      delays.delete(timer)
      guard.settle(address)
      refuse(socket, refusal)
    }, limits.failureDelayMs)
    delays.add(timer)
  }

  const onUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', ignoreError)
    if (!request.url?.startsWith(PROBES_SOCKET_PATH)) return refuse(socket, 'not-found')
    const address = options.addressOf(request)
    const verdict = guard.begin(address)
    if (!verdict.ok) return refuse(socket, verdict.refusal)
    const token = probeTokenOfHeader(request.headers.authorization)
    if (!token) return refuseLate(socket, address, 'no-token')
    options.tokenNameOf(token).then(
      (tokenName) => {
        if (!tokenName) return refuseLate(socket, address, 'bad-token')
        guard.settle(address)
        if (socket.destroyed) return
        counts.admitted += 1
        socket.off('error', ignoreError)
        options.admit(request, socket, head, { address, tokenName, token })
      },
      (error: unknown) => {
        guard.settle(address)
        log.error({ err: error }, 'checking a probe token failed')
        refuse(socket, 'token-check-failed')
      },
    )
  }
  const onConnection = (socket: Socket) => {
    if (!guard.shunned(socket.remoteAddress ?? '')) return
    counts.shunned += 1
    socket.destroy()
  }

  httpServer.on('upgrade', onUpgrade)
  if (options.countsPeerAddress) httpServer.on('connection', onConnection)
  return {
    counts,
    close() {
      httpServer.off('upgrade', onUpgrade)
      httpServer.off('connection', onConnection)
      for (const timer of delays) clearTimeout(timer)
      delays.clear()
      summary.stop()
    },
  }
}

/** At most one log line per SUMMARY_EVERY_MS: the refusals since the last one, and a few addresses. */
function createRefusalSummary(counts: DoorCounts, log: Logger) {
  let logged: DoorCounts = { admitted: 0, shunned: 0, refused: zeroRefusals() }
  const failedAddresses = new Set<string>()
  const timer = setInterval(() => {
    const refused = Object.fromEntries(
      Object.entries(counts.refused).flatMap(([refusal, count]) => {
        const since = count - logged.refused[refusal as DoorRefusal]
        return since > 0 ? [[refusal, since]] : []
      }),
    )
    const shunned = counts.shunned - logged.shunned
    if (Object.keys(refused).length === 0 && shunned === 0) return
    const failed = [...failedAddresses]
    failedAddresses.clear()
    logged = { admitted: counts.admitted, shunned: counts.shunned, refused: { ...counts.refused } }
    const level = failed.length > 0 || shunned > 0 ? 'warn' : 'info'
    log[level](
      { refused, shunnedConnections: shunned, failedFrom: failed },
      `probe handshakes refused in the last ${SUMMARY_EVERY_MS / 1000} s`,
    )
  }, SUMMARY_EVERY_MS)
  timer.unref()
  return {
    /** Remembers (a few of) the addresses whose token checks failed, for the next line. */
    failedFrom(address: string) {
      if (failedAddresses.size < 10) failedAddresses.add(address)
    },
    stop: () => clearInterval(timer),
  }
}
