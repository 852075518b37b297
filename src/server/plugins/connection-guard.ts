// Keeps one client from holding the server's sockets: open connections are capped per client
// address (IPv4 /32, IPv6 /64) and in total, counted at the `connection` event so a connection over
// a cap is closed before a byte of it is parsed; headers must arrive within a short deadline; and a
// request body must keep arriving at a minimum rate, so a client trickling a body is cut off in
// seconds, not held for minutes. Behind a reverse proxy (TRUST_PROXY) every connection comes from
// the proxy: then only the total cap applies here, and the proxy limits each client.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type { ConnectionLimits } from '../config.ts'

export interface ConnectionGuard {
  /** Open connections per client key right now (for tests and metrics). */
  openBy(key: string): number
  openTotal(): number
  /** Connections refused so far, by reason. */
  refused: { perClient: number; total: number; slowBody: number }
}

/**
 * The HTTP server with the headers deadline and a one-second check of it (Node's default check runs
 * every 30 s, which would let a slow client hold its socket that long). For Fastify's serverFactory.
 */
export function createGuardedServer(handler: RequestListener, limits: ConnectionLimits, requestTimeoutMs: number) {
  return createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    handler,
  )
}

export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  log: FastifyBaseLogger,
  {
    clientKey,
    perClientApplies = true,
  }: {
    /** The address a client is counted under (the limits' client key). */
    clientKey: (address: string | undefined) => string
    perClientApplies?: boolean
  },
): ConnectionGuard {
  const open = new Map<string, number>()
  let total = 0
  const refused = { perClient: 0, total: 0, slowBody: 0 }

  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress)
    const mine = open.get(key) ?? 0
    if (total >= limits.total || (perClientApplies && limits.perClient > 0 && mine >= limits.perClient)) {
      const reason = total >= limits.total ? 'total' : 'perClient'
      refused[reason] += 1
      // Log the first refusal and then every thousandth, not one line per refused connection.
      if (refused[reason] % 1000 === 1) {
        log.info({ limit: `connections-${reason}`, client: key, refused: refused[reason] }, 'connection refused')
      }
      socket.destroy()
      return
    }
    total += 1
    open.set(key, mine + 1)
    socket.once('close', () => {
      total -= 1
      const left = (open.get(key) ?? 1) - 1
      if (left <= 0) open.delete(key)
      else open.set(key, left)
    })
  })

  server.on('request', (request) => {
    if (request.complete || request.method === 'GET' || request.method === 'HEAD') return
    const socket = request.socket
    const startBytes = socket.bytesRead
    const started = performance.now()
    const timer = setInterval(() => {
      if (request.complete || socket.destroyed) return clearInterval(timer)
      const elapsedMs = performance.now() - started
      if (elapsedMs < limits.bodyGraceMs) return
      const rate = ((socket.bytesRead - startBytes) * 1000) / elapsedMs
      if (rate >= limits.bodyMinBytesPerSecond) return
      clearInterval(timer)
      refused.slowBody += 1
      if (refused.slowBody % 1000 === 1) {
        log.info(
          { limit: 'body-rate', client: clientKey(socket.remoteAddress), bytesPerSecond: Math.round(rate) },
          'request body too slow: connection closed',
        )
      }
      socket.destroy()
    }, 1000)
    timer.unref()
    // Cleaned up with the request: a keep-alive connection carries many requests, and listeners
    // left on its socket would pile up until it closes.
    const stop = () => {
      clearInterval(timer)
      socket.off('close', stop)
      request.off('end', stop)
      request.off('close', stop)
    }
    request.once('end', stop)
    request.once('close', stop)
    socket.once('close', stop)
  })

  return {
    openBy: (key) => open.get(key) ?? 0,
    openTotal: () => total,
    refused,
  }
}
