// The probe's side of the conversation with the site: connect out over WebSocket (no inbound port,
// works behind NAT), announce, take tasks, and hold every finished result until the site acknowledges
// it, across reconnects. A lost connection is retried with growing, jittered delays, trying each of
// the site's addresses in turn.
import type { Logger } from 'pino'
import { io, type Socket } from 'socket.io-client'
import type { TaskExecutor } from '../diagnostics/run/task-executor.ts'
import type { MeasurementToolId } from '../shared/measurements.ts'
import {
  PROBE_PROTOCOL_VERSION,
  PROBES_NAMESPACE,
  PROBES_SOCKET_PATH,
  type ProbeClientEvents,
  type ProbeHello,
  type ProbeResult,
  type ProbeServerEvents,
  type ProbeTaskAck,
  probeAuthorizationHeader,
  probeHello,
  probeResultAck,
  probeTask,
} from '../shared/probe-protocol.ts'
import { deriveLocation } from './derive-location.ts'
import type { LocationOverrides } from './probe-config.ts'
import { RefusalReadingWebSocket } from './refusal-reading-transport.ts'
import { createTaskLines } from './task-lines.ts'

export interface ProbeAgentOptions {
  siteUrls: string[]
  token: string
  name?: string
  publicAddress?: string
  overrides: LocationOverrides
  tools: MeasurementToolId[]
  executor: TaskExecutor
  version: string
  log: Logger
  /** Reconnect delays: the first, and the most it grows to (default 1 s and 30 s). */
  backoff?: { initialMs: number; maxMs: number }
}

export interface ProbeAgent {
  /** Stops taking tasks, lets running ones finish and hands their results over (up to `graceMs`), then disconnects. */
  stop(graceMs?: number): Promise<void>
}

type ProbeSocket = Socket<ProbeServerEvents, ProbeClientEvents>

const ACK_TIMEOUT_MS = 10_000
const RESEND_INTERVAL_MS = 3000

export function startProbeAgent(options: ProbeAgentOptions): ProbeAgent {
  const { log } = options
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 }
  const running = new Map<string, AbortController>()
  const unacknowledged = new Map<string, ProbeResult>()
  const sending = new Set<string>()
  let socket: ProbeSocket | undefined
  let ready = false
  let draining = false
  let stopped = false
  let urlIndex = 0
  let failures = 0
  let reconnectTimer: NodeJS.Timeout | undefined

  const sendResult = (taskId: string) => {
    const result = unacknowledged.get(taskId)
    const current = socket
    if (!result || !current || !ready || sending.has(taskId)) return
    sending.add(taskId)
    current.timeout(ACK_TIMEOUT_MS).emit('result', result, (error, reply) => {
      sending.delete(taskId)
      if (error) return log.warn({ taskId }, 'the site did not acknowledge a result in time; it is kept and sent again')
      const ack = probeResultAck.safeParse(reply)
      if (ack.success && ack.data.stored) unacknowledged.delete(taskId)
      else log.warn({ taskId }, 'the site could not store a result yet; it is kept and sent again')
    })
  }
  const sendAll = () => {
    for (const taskId of unacknowledged.keys()) sendResult(taskId)
  }
  const resendTimer = setInterval(sendAll, RESEND_INTERVAL_MS)
  // Lines go out only while connected and ready; they are not kept for later.
  const taskLines = createTaskLines((line) => {
    if (!socket || !ready) return false
    socket.emit('line', line)
    return true
  })

  const onTask = (raw: unknown, ack: (reply: ProbeTaskAck) => void) => {
    const parsed = probeTask.safeParse(raw)
    if (!parsed.success) return ack({ accepted: false, error: 'The probe could not read the task' })
    const task = parsed.data
    if (running.has(task.taskId) || unacknowledged.has(task.taskId)) {
      ack({ accepted: true })
      return sendResult(task.taskId)
    }
    if (draining) return ack({ accepted: false, error: 'The probe is shutting down' })
    const admission = options.executor.admit(task)
    if (!admission.ok) return ack({ accepted: false, error: admission.error })
    ack({ accepted: true })
    const controller = new AbortController()
    running.set(task.taskId, controller)
    log.debug({ taskId: task.taskId, tool: task.tool }, 'task started')
    const progress = taskLines.listen(task.taskId, task.tool)
    void options.executor.execute(task, admission.request, controller.signal, progress).then((result) => {
      running.delete(task.taskId)
      unacknowledged.set(task.taskId, result)
      log.info({ taskId: task.taskId, tool: task.tool, status: result.answer?.status ?? 'error' }, 'task finished')
      sendResult(task.taskId)
    })
  }

  const announce = async (current: ProbeSocket, hello: ProbeHello) => {
    const location = await deriveLocation(options.publicAddress ?? hello.seenAddress, options.overrides)
    const knownTasks = [...running.keys(), ...unacknowledged.keys()]
    const announcement = { location, tools: options.tools, knownTasks, version: options.version }
    current.timeout(ACK_TIMEOUT_MS).emit('ready', announcement, (error, reply) => {
      if (current !== socket) return
      if (error || !reply?.ok) {
        log.error({ error: reply?.error ?? 'no answer' }, 'the site did not accept the announcement')
        return reconnectLater(current)
      }
      ready = true
      failures = 0
      log.info({ probeId: hello.probeId, location, tools: options.tools }, 'connected and ready')
      sendAll()
    })
  }

  function connect() {
    reconnectTimer = undefined
    if (stopped) return
    const url = options.siteUrls[urlIndex % options.siteUrls.length] ?? ''
    const current: ProbeSocket = io(new URL(PROBES_NAMESPACE, url).href, {
      path: PROBES_SOCKET_PATH,
      // WebSocket only; the site checks the token of the upgrade request before it upgrades.
      transports: [RefusalReadingWebSocket],
      extraHeaders: probeAuthorizationHeader(options.token),
      reconnection: false,
      forceNew: true,
      timeout: ACK_TIMEOUT_MS,
      auth: { token: options.token, name: options.name, protocol: PROBE_PROTOCOL_VERSION },
    })
    socket = current
    ready = false
    current.on('hello', (raw) => {
      const hello = probeHello.safeParse(raw)
      if (!hello.success) return reconnectLater(current)
      announce(current, hello.data).catch((error: unknown) => {
        log.error({ err: error }, 'working out the location failed')
        reconnectLater(current)
      })
    })
    current.on('task', onTask)
    current.on('connect_error', (error) => {
      log.warn({ site: url, error: error.message }, 'cannot connect to the site')
      reconnectLater(current)
    })
    current.on('disconnect', (reason) => {
      log.warn({ site: url, reason }, 'disconnected from the site')
      reconnectLater(current)
    })
  }

  function reconnectLater(current: ProbeSocket) {
    if (current !== socket || stopped) return
    ready = false
    socket = undefined
    current.removeAllListeners()
    current.close()
    urlIndex += 1
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures) * (0.5 + Math.random() / 2)
    failures += 1
    reconnectTimer = setTimeout(connect, delay)
  }

  connect()

  return {
    async stop(graceMs = 15_000) {
      draining = true
      const until = Date.now() + graceMs
      while ((running.size > 0 || (unacknowledged.size > 0 && socket)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      stopped = true
      clearInterval(resendTimer)
      clearTimeout(reconnectTimer)
      for (const controller of running.values()) controller.abort()
      socket?.removeAllListeners()
      socket?.close()
    },
  }
}
