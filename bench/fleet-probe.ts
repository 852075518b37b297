// One simulated probe of bench/probe-fleet.ts: speaks the probe protocol (src/shared/probe-protocol.ts)
// over socket.io-client as a real probe does — the token in the upgrade's Authorization header and
// again in the handshake, `ready` after `hello`, tasks acknowledged, results sent until the site
// acknowledges them, held across reconnects and announced in `knownTasks` — but answers DNS tasks
// itself after a plausible delay instead of running the tool, and leaves some unanswered.
import { io, type Socket } from 'socket.io-client'
import {
  PROBE_PROTOCOL_VERSION,
  PROBES_NAMESPACE,
  PROBES_SOCKET_PATH,
  type ProbeResult,
  type ProbeTask,
  probeAuthorizationHeader,
} from '../src/shared/probe-protocol.ts'
import type { SimulatedProbeProfile } from './fleet-places.ts'

export interface SimulatedProbeOptions {
  profile: SimulatedProbeProfile
  token: string
  /** The site processes' addresses, tried in turn (the first one first). */
  siteUrls: string[]
  /** The loopback address the probe connects from (the site limits connections per address). */
  localAddress: string
  random: () => number
  /** Told of every task taken: its answer delay, or null when it will go unanswered. */
  onTask(taskId: string, answerMs: number | null): void
}

export interface SimulatedProbe {
  /** Resolves once the site has accepted the probe's first announcement. */
  ready: Promise<void>
  isConnected(): boolean
  close(): void
}

/** A delay drawn around the probe's median (log-normal, σ 0.5), between 5 ms and 2 s. */
function answerDelay(profile: SimulatedProbeProfile, random: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  return Math.min(2000, Math.max(5, Math.round(profile.medianAnswerMs * Math.exp(0.5 * normal))))
}

/** What the DNS tool answers for an A lookup of `input`, as a probe would send it. */
function dnsAnswer(task: ProbeTask, durationMs: number): ProbeResult {
  const input = task.request.input
  const flags = { qr: true, aa: false, tc: false, rd: true, ra: true, ad: false, cd: false }
  const record = { name: `${input}.`, type: 'A', class: 'IN', ttl: 300, value: '192.0.2.80' }
  return {
    taskId: task.taskId,
    options: (task.request.options ?? {}) as Record<string, unknown>,
    answer: {
      tool: 'dns',
      input,
      status: 'ok',
      result: {
        name: input,
        unicodeName: input,
        server: '127.0.0.53:53',
        resolver: 'System resolver',
        dnssec: false,
        queries: [
          {
            type: 'A',
            rcode: 'NOERROR',
            flags,
            transport: 'udp',
            queryTimeMs: durationMs,
            answers: [record],
            authority: [],
            additional: [],
          },
        ],
      },
      lines: [`${input}.\t300\tIN\tA\t192.0.2.80`],
      durationMs,
    },
  }
}

export function startSimulatedProbe(options: SimulatedProbeOptions): SimulatedProbe {
  const { profile, random } = options
  /** Tasks being "run" (answer pending) or unanswered, and results not yet acknowledged. */
  const running = new Set<string>()
  const unsent = new Map<string, ProbeResult>()
  let socket: Socket | undefined
  let closed = false
  let attempt = 0
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  const send = (result: ProbeResult) => {
    unsent.set(result.taskId, result)
    const current = socket
    if (!current?.connected) return
    current
      .timeout(10_000)
      .emitWithAck('result', result)
      .then(
        (ack: { stored?: boolean }) => {
          if (ack?.stored) unsent.delete(result.taskId)
        },
        () => {},
      )
  }

  const connect = () => {
    if (closed) return
    const siteUrl = options.siteUrls[attempt % options.siteUrls.length] as string
    attempt += 1
    const current = io(new URL(PROBES_NAMESPACE, siteUrl).href, {
      path: PROBES_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
      extraHeaders: probeAuthorizationHeader(options.token),
      localAddress: options.localAddress,
      auth: { token: options.token, name: profile.name, protocol: PROBE_PROTOCOL_VERSION },
    } as Parameters<typeof io>[1])
    socket = current
    const retry = () => {
      current.removeAllListeners()
      current.close()
      if (socket === current) socket = undefined
      // As the probe does: a jittered delay before the next address is tried.
      setTimeout(connect, 500 + random() * 1500).unref()
    }
    current.on('connect_error', retry)
    current.on('disconnect', () => {
      if (!closed) retry()
    })
    current.on('hello', () => {
      const knownTasks = [...running, ...unsent.keys()].slice(0, 1000)
      const announcement = { location: profile.location, tools: ['dns'], knownTasks, version: 'fleet-bench' }
      current
        .timeout(15_000)
        .emitWithAck('ready', announcement)
        .then(
          (ack: { ok: boolean }) => {
            if (!ack.ok) return retry()
            markReady()
            for (const result of unsent.values()) send(result)
          },
          () => retry(),
        )
    })
    current.on('task', (task: ProbeTask, ack: (reply: { accepted: boolean; error?: string }) => void) => {
      if (running.has(task.taskId) || unsent.has(task.taskId)) return ack({ accepted: true })
      if (task.tool !== 'dns') return ack({ accepted: false, error: `This probe cannot run ${task.tool}` })
      ack({ accepted: true })
      running.add(task.taskId)
      if (random() < profile.timeoutRate) {
        options.onTask(task.taskId, null)
        return
      }
      const delay = answerDelay(profile, random)
      options.onTask(task.taskId, delay)
      setTimeout(() => {
        running.delete(task.taskId)
        send(dnsAnswer(task, delay))
      }, delay).unref()
    })
  }

  connect()
  return {
    ready,
    isConnected: () => socket?.connected === true,
    close() {
      closed = true
      socket?.removeAllListeners()
      socket?.close()
    },
  }
}
