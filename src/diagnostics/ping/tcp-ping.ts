// "TCP ping": timed TCP connections to a checked address, for hosts or servers where ICMP is not an option.
import type { Socket } from 'node:net'
import type { PingReply, PingSummary } from '../../shared/tools/ping/schema.ts'
import { type ConnectOptions, ConnectTimeoutError } from '../net/guarded-connect.ts'
import type { IpLiteral } from '../net/ip-literal.ts'

export type Connect = (options: ConnectOptions) => Promise<Socket>

export interface TcpPingInput {
  address: IpLiteral
  port: number
  count: number
  intervalMs: number
  /** Per-connection wait. */
  timeoutMs: number
  signal: AbortSignal
  connect: Connect
  onReply(reply: PingReply): void
}

const ERROR_DETAILS: Record<string, string> = {
  EHOSTUNREACH: 'No route to host',
  ENETUNREACH: 'Network is unreachable',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
}

/** Refusals raised by this machine itself (its firewall, a missing privilege), not by the network. */
const DENIED_HERE = new Set(['EACCES', 'EPERM'])

const round3 = (n: number) => Math.round(n * 1000) / 1000

/** One timed connection; `code` is the error code of a connection that failed with one. */
async function probe(input: TcpPingInput, seq: number): Promise<{ reply: PingReply; code?: string }> {
  const from = input.address.address
  const started = performance.now()
  try {
    const socket = await input.connect({
      address: input.address,
      port: input.port,
      signal: input.signal,
      timeoutMs: input.timeoutMs,
    })
    const timeMs = round3(performance.now() - started)
    socket.destroy()
    return { reply: { seq, status: 'reply', from, timeMs, detail: 'port open' } }
  } catch (error) {
    const timeMs = round3(performance.now() - started)
    if (error instanceof ConnectTimeoutError) return { reply: { seq, status: 'timeout' } }
    const code = (error as NodeJS.ErrnoException).code ?? ''
    // A refusal is an answer from the host: it is up, the port is closed.
    if (code === 'ECONNREFUSED') return { reply: { seq, status: 'reply', from, timeMs, detail: 'connection refused' } }
    return { reply: { seq, status: 'error', from, detail: ERROR_DETAILS[code] ?? (code || 'connection failed') }, code }
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Loss and round-trip statistics in the system ping's terms (mdev as iputils computes it). */
export function summarizeReplies(replies: PingReply[], sent: number, timeMs: number | null): PingSummary {
  const times = replies.filter((r) => r.status === 'reply' && r.timeMs !== undefined).map((r) => r.timeMs as number)
  const received = times.length
  const mean = received ? times.reduce((a, b) => a + b, 0) / received : 0
  const meanSquare = received ? times.reduce((a, b) => a + b * b, 0) / received : 0
  return {
    sent,
    received,
    errors: replies.filter((r) => r.status === 'error').length,
    duplicates: 0,
    lossPercent: sent ? Number((((sent - received) / sent) * 100).toFixed(4)) : 0,
    minMs: received ? round3(Math.min(...times)) : null,
    avgMs: received ? round3(mean) : null,
    maxMs: received ? round3(Math.max(...times)) : null,
    mdevMs: received ? round3(Math.sqrt(Math.max(0, meanSquare - mean * mean))) : null,
    timeMs,
  }
}

export interface TcpPingRun {
  replies: PingReply[]
  summary: PingSummary
  /** Every connection was refused by this machine itself (EACCES, EPERM): nothing reached the network. */
  deniedHere: boolean
}

export async function runTcpPing(input: TcpPingInput): Promise<TcpPingRun> {
  const replies: PingReply[] = []
  let denials = 0
  const started = performance.now()
  for (let seq = 1; seq <= input.count && !input.signal.aborted; seq++) {
    const probeStarted = performance.now()
    const { reply, code } = await probe(input, seq)
    if (input.signal.aborted && reply.status === 'timeout') break
    replies.push(reply)
    if (code && DENIED_HERE.has(code)) denials++
    input.onReply(reply)
    if (seq < input.count) await wait(input.intervalMs - (performance.now() - probeStarted), input.signal)
  }
  return {
    replies,
    summary: summarizeReplies(replies, replies.length, Math.round(performance.now() - started)),
    deniedHere: replies.length > 0 && denials === replies.length,
  }
}
