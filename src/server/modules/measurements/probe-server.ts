// The probes' door into the site: a Socket.IO server (WebSocket only) on the site's own HTTP server,
// namespace /probes. Upgrades reach Socket.IO only through the probe door (probe-door.ts), which
// checks the per-address limits (probe-handshake-guard.ts) and then the token of the Authorization
// header: a peer without a valid token gets an HTTP refusal and never a socket, so it cannot send a
// single message. A probe let in is told how the site sees it, and counted as connected once it has
// announced its location and tools. With Redis, the Socket.IO Redis adapter lets any site process
// reach a probe connected to another. Connected probes are re-checked against the valid tokens every
// TOKEN_RECHECK_MS, so a revoked probe is disconnected within seconds.
import type { Server as HttpServer, IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyBaseLogger as Logger } from 'fastify'
import { type Namespace, Server, type Socket } from 'socket.io'
import type { ProbeInfo } from '../../../shared/measurements.ts'
import {
  createLineAllowance,
  PROBE_MAX_MESSAGE_BYTES,
  PROBES_NAMESPACE,
  PROBES_SOCKET_PATH,
  type ProbeClientEvents,
  type ProbeLine,
  type ProbeResultAck,
  type ProbeServerEvents,
  type ProbeTask,
  probeHandshake,
  probeLine,
  probeReady,
  probeResult,
  probeTaskAck,
} from '../../../shared/probe-protocol.ts'
import { PRESENCE_RENEW_MS, type ProbeDirectory } from './probe-directory.ts'
import { type DoorCounts, NO_TOKEN_MESSAGE, openProbeDoor } from './probe-door.ts'
import { createHandshakeGuard, DEFAULT_HANDSHAKE_LIMITS, type HandshakeLimits } from './probe-handshake-guard.ts'
import { hashProbeToken, type ProbeTokenCheck } from './probe-tokens.ts'

export const TOKEN_RECHECK_MS = 2000
const TASK_ACK_TIMEOUT_MS = 5000
/** A socket let in must send its Socket.IO handshake within this. */
const CONNECT_TIMEOUT_MS = 5000

/** What the upgrade's token check found, for the namespace middleware of the same request. */
interface VerifiedUpgrade {
  address: string
  tokenName: string
  tokenHash: string
}

interface ProbeSocketData {
  probeId: string
  name: string
  tokenHash: string
  info?: ProbeInfo
}

type ProbeNamespace = Namespace<ProbeClientEvents, ProbeServerEvents, Record<string, never>, ProbeSocketData>
type ProbeSocket = Socket<ProbeClientEvents, ProbeServerEvents, Record<string, never>, ProbeSocketData>

export type TaskDelivery = { status: 'accepted' } | { status: 'refused'; error: string } | { status: 'absent' }

/** How the rest of the site talks to remote probes. */
export interface ProbeChannel {
  sendTask(probeId: string, task: ProbeTask): Promise<TaskDelivery>
}

export interface ProbeServerHandlers {
  /** A probe sent a result; resolves when it is kept (or when its row is over anyway). */
  onResult(probeId: string, result: ReturnType<typeof probeResult.parse>): Promise<void>
  /** A line of a task's output while it runs (already read and within the connection's rate). */
  onLine(probeId: string, line: ProbeLine): Promise<void>
  /** A probe (re)announced itself, still holding `knownTasks`: rows it owed and forgot are lost. */
  onReady(probeId: string, knownTasks: string[]): Promise<void>
  /** A probe sent a result that is not a result at all (already logged); `taskId` when it named one. */
  onUnreadableResult(probeId: string, taskId: string | undefined): Promise<void>
}

export interface ProbeServerOptions {
  tokens: ProbeTokenCheck
  directory: ProbeDirectory
  handlers: ProbeServerHandlers
  log: Logger
  /** The Socket.IO adapter (the Redis adapter with several processes). */
  adapter?: Parameters<Server['adapter']>[0]
  /** TRUST_PROXY, read as for HTTP requests: which proxies' X-Forwarded-For tells a probe's address. */
  trustProxy: boolean | number | string[]
  /** Per-address limits on handshakes and connections (DEFAULT_HANDSHAKE_LIMITS unless given). */
  limits?: Partial<HandshakeLimits>
}

/** The address a probe connects from, seen through trusted proxies as Fastify sees request.ip. */
export function seenAddressOf(request: IncomingMessage, trustProxy: ProbeServerOptions['trustProxy']): string {
  return seenAddressReader(trustProxy)(request)
}

/** seenAddressOf() for one TRUST_PROXY setting, its proxy list compiled once. */
function seenAddressReader(trustProxy: ProbeServerOptions['trustProxy']): (request: IncomingMessage) => string {
  const direct = (request: IncomingMessage) => request.socket.remoteAddress ?? ''
  // A hop count cannot vouch for the peer itself: as for HTTP requests, it trusts nothing.
  if (trustProxy === false || typeof trustProxy === 'number') return direct
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy)
  return (request) => proxyAddr(request, trust)
}

export interface ProbeServer {
  channel: ProbeChannel
  /** What the door let in and turned away so far. */
  door: DoorCounts
  close(): Promise<void>
}

const roomOf = (probeId: string) => `probe:${probeId}`
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64) || 'probe'

/** A probe's id: its token's name, and the name it asked for when that differs. */
export function probeIdOf(tokenName: string, name: string | undefined): string {
  return name && slug(name) !== slug(tokenName) ? `${slug(tokenName)}--${slug(name)}` : slug(tokenName)
}

export function attachProbeServer(httpServer: HttpServer, options: ProbeServerOptions): ProbeServer {
  const { log, directory } = options
  const limits = { ...DEFAULT_HANDSHAKE_LIMITS, ...options.limits }
  const guard = createHandshakeGuard(limits)
  const addressOf = seenAddressReader(options.trustProxy)
  const verified = new WeakMap<IncomingMessage, VerifiedUpgrade>()

  // Socket.IO attaches its engine's own upgrade handler to the server; it is taken off again at once,
  // so that every upgrade goes through the door, which hands the admitted ones to the engine.
  const upgradeHandlers = new Set(httpServer.listeners('upgrade'))
  const io = new Server<ProbeClientEvents, ProbeServerEvents, Record<string, never>, ProbeSocketData>(httpServer, {
    path: PROBES_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Only requests the door has let in reach the engine; this refuses anything else that might.
    allowRequest: (request, answer) => answer(NO_TOKEN_MESSAGE, verified.has(request)),
    // Only probes whose token was checked get this far; the largest thing they send is a result.
    maxHttpBufferSize: PROBE_MAX_MESSAGE_BYTES,
    connectTimeout: CONNECT_TIMEOUT_MS,
    pingInterval: 5000,
    pingTimeout: 5000,
  })
  for (const handler of httpServer.listeners('upgrade')) {
    if (!upgradeHandlers.has(handler)) httpServer.off('upgrade', handler as (...args: unknown[]) => void)
  }
  const door = openProbeDoor(httpServer, {
    guard,
    limits,
    tokenNameOf: (token) => options.tokens.nameOf(token),
    addressOf,
    countsPeerAddress: options.trustProxy === false,
    admit(request, socket, head, probe) {
      verified.set(request, {
        address: probe.address,
        tokenName: probe.tokenName,
        tokenHash: hashProbeToken(probe.token),
      })
      io.engine.handleUpgrade(request, socket, head)
    },
    log,
  })
  io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', f: () => void): void }) => {
    const upgrade = verified.get(connection.request)
    if (!upgrade) return
    guard.connected(upgrade.address)
    connection.once('close', () => guard.disconnected(upgrade.address))
  })
  if (options.adapter) io.adapter(options.adapter)
  io.of('/').use((_socket, next) => next(new Error(`Probes connect to the ${PROBES_NAMESPACE} namespace`)))
  const probes: ProbeNamespace = io.of(PROBES_NAMESPACE)

  probes.use((socket, next) => {
    const upgrade = verified.get(socket.request)
    const handshake = probeHandshake.safeParse(socket.handshake.auth)
    if (!upgrade) return next(new Error(NO_TOKEN_MESSAGE))
    if (!handshake.success) return next(new Error('The probe handshake is not valid: update the probe'))
    const { token, name } = handshake.data
    if (hashProbeToken(token) !== upgrade.tokenHash) {
      log.warn({ address: upgrade.address }, 'probe handshake with two different tokens refused')
      return next(new Error('The handshake token is not the one the connection was opened with'))
    }
    socket.data = {
      probeId: probeIdOf(upgrade.tokenName, name),
      name: name ?? upgrade.tokenName,
      tokenHash: upgrade.tokenHash,
    }
    next()
  })

  probes.on('connection', (socket: ProbeSocket) => {
    const { probeId, name } = socket.data
    const room = roomOf(probeId)
    // An older connection of the same probe (a reconnect the site has not noticed yet) gives way.
    probes.in(room).disconnectSockets(true)
    socket.on('ready', (raw, ack) => {
      const ready = probeReady.safeParse(raw)
      if (!ready.success) return ack?.({ ok: false, error: 'The announcement is not valid: update the probe' })
      const info: ProbeInfo = {
        ...ready.data.location,
        id: probeId,
        name,
        local: false,
        tools: ready.data.tools,
        connectedAt: new Date().toISOString(),
      }
      socket.data.info = info
      directory
        .register(info, socket.id)
        .then(() => options.handlers.onReady(probeId, ready.data.knownTasks))
        .then(
          () => {
            // Tasks reach the probe only once it is ready, so that what it said it holds is up to date.
            socket.join(room)
            log.info({ probeId, country: info.country, tools: info.tools }, 'probe ready')
            ack?.({ ok: true })
          },
          (error: unknown) => {
            log.warn({ err: error, probeId }, 'registering a probe failed')
            ack?.({ ok: false, error: 'The site cannot register probes right now' })
          },
        )
    })
    // Lines are handled one after the other and a result only after the lines sent before it, so that
    // the event stream has a row's lines before its outcome (a line after the outcome is ignored).
    let linesHandled: Promise<void> = Promise.resolve()
    const lineAllowance = createLineAllowance()
    socket.on('line', (raw) => {
      const line = probeLine.safeParse(raw)
      if (!line.success || !lineAllowance()) return
      linesHandled = linesHandled
        .then(() => options.handlers.onLine(probeId, line.data))
        .catch((error: unknown) => log.debug({ err: error, probeId }, 'a probe line was not kept'))
    })
    socket.on('result', async (raw, ack) => {
      await linesHandled
      const reply = (answer: ProbeResultAck) => ack?.(answer)
      const result = probeResult.safeParse(raw)
      if (!result.success) {
        const named = (raw as { taskId?: unknown } | null)?.taskId
        const taskId = typeof named === 'string' && named.length <= 100 ? named : undefined
        const where = result.error.issues.slice(0, 3).map((issue) => issue.path.join('.') || '(the message)')
        log.warn({ probeId, taskId, fields: where }, 'probe result refused: it does not follow the protocol')
        // The row it names (if this probe was given it) fails; the probe need not send it again.
        return options.handlers.onUnreadableResult(probeId, taskId).then(
          () => reply({ stored: true }),
          () => reply({ stored: false }),
        )
      }
      options.handlers.onResult(probeId, result.data).then(
        () => reply({ stored: true }),
        (error: unknown) => {
          log.warn({ err: error, probeId }, 'storing a probe result failed; the probe keeps it')
          reply({ stored: false })
        },
      )
    })
    socket.on('disconnect', (reason) => {
      log.info({ probeId, reason }, 'probe disconnected')
      directory.unregister(probeId, socket.id).catch(() => {})
    })
    socket.emit('hello', { probeId, name, seenAddress: addressOf(socket.request) })
  })

  /** The socket of a ready probe connected to this process, if it is. */
  const localSocketOf = (probeId: string): ProbeSocket | undefined => {
    const ids = probes.adapter.rooms.get(roomOf(probeId))
    const [only, ...more] = ids ?? []
    if (only === undefined || more.length > 0) return undefined
    const socket = probes.sockets.get(only)
    return socket?.connected ? socket : undefined
  }
  const localReady = () =>
    [...probes.sockets.values()].flatMap((socket) =>
      socket.data.info ? [{ probe: socket.data.info, socketId: socket.id }] : [],
    )
  const renewTimer = setInterval(() => {
    directory.renew(localReady()).catch((error: unknown) => log.warn({ err: error }, 'renewing probe presence failed'))
  }, PRESENCE_RENEW_MS)
  const recheckTimer = setInterval(() => {
    if (probes.sockets.size === 0) return
    options.tokens.validHashes().then(
      (valid) => {
        for (const socket of probes.sockets.values()) {
          if (valid.has(socket.data.tokenHash)) continue
          log.warn({ probeId: socket.data.probeId }, 'probe token revoked: disconnecting the probe')
          socket.disconnect(true)
        }
      },
      (error: unknown) => log.warn({ err: error }, 're-checking probe tokens failed'),
    )
  }, TOKEN_RECHECK_MS)

  return {
    door: door.counts,
    channel: {
      async sendTask(probeId, task) {
        let replies: unknown[]
        try {
          // A probe connected to this process is asked directly; only others go through the adapter
          // (with Redis, a publish and a count of the processes that must answer).
          const local = localSocketOf(probeId)
          replies = local
            ? [await local.timeout(TASK_ACK_TIMEOUT_MS).emitWithAck('task', task)]
            : await probes.to(roomOf(probeId)).timeout(TASK_ACK_TIMEOUT_MS).emitWithAck('task', task)
        } catch {
          return { status: 'absent' }
        }
        const ack = probeTaskAck.safeParse(replies[0])
        if (!ack.success) return { status: 'absent' }
        return ack.data.accepted ? { status: 'accepted' } : { status: 'refused', error: ack.data.error }
      },
    },
    async close() {
      clearInterval(renewTimer)
      clearInterval(recheckTimer)
      door.close()
      probes.disconnectSockets(true)
      // Closing the Redis adapter talks to Redis, which may be away: it gets two seconds.
      const closed = new Promise<void>((resolve) => {
        io.close(() => resolve())
      })
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
    },
  }
}
