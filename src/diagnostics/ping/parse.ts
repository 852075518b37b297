// Parses iputils ping output, line by line (for streaming) and as a whole (for the result).
import type { PingReply, PingSummary } from '../../shared/tools/ping/schema.ts'

export type PingLine =
  | { kind: 'header'; host: string; address: string; payloadBytes: number }
  | { kind: 'reply'; reply: PingReply }
  | { kind: 'pending'; seq: number }
  | {
      kind: 'summary'
      sent: number
      received: number
      errors: number
      duplicates: number
      lossPercent: number
      timeMs: number | null
    }
  | { kind: 'rtt'; minMs: number; avgMs: number; maxMs: number; mdevMs: number }
  | { kind: 'failure'; message: string }

export interface ParsedPing {
  host?: string
  address?: string
  payloadBytes?: number
  /** One entry per probe in sequence order (plus duplicates); probes never answered are timeouts. */
  replies: PingReply[]
  summary?: PingSummary
  /** "ping: ..." messages: the run could not start or was cut short. */
  failures: string[]
}

const HEADER_V4 = /^PING (\S+) \((\S+)\) (\d+)\(\d+\) bytes of data\.$/
const HEADER_V6 = /^PING (\S+?)\s?\((\S+)\) (\d+) data bytes$/
const REPLY = /^(\d+) bytes from (.+?): icmp_seq=(\d+)(?: ttl=(\d+))?(?: time=([\d.]+) ms)?( \(DUP!\))?/
const ICMP_ERROR = /^From (\S+?)(?: \(\S+\))? icmp_seq=(\d+) (.+)$/
const PENDING = /^no answer yet for icmp_seq=(\d+)$/
const SUMMARY =
  /^(\d+) packets transmitted, (\d+) received(?:, \+(\d+) duplicates)?(?:, \+(\d+) errors)?, ([\d.]+)% packet loss(?:, time (\d+)ms)?/
const RTT = /^(?:rtt|round-trip) min\/avg\/max\/(?:mdev|stddev) = ([\d.]+)\/([\d.]+)\/([\d.]+)\/([\d.]+) ms/
const FAILURE = /^ping: (.+)$/

type Match = RegExpExecArray

function readReply(m: Match): PingLine {
  const reply: PingReply = { seq: Number(m[3]), status: 'reply', from: m[2] ?? '', bytes: Number(m[1]) }
  if (m[4] !== undefined) reply.ttl = Number(m[4])
  if (m[5] !== undefined) reply.timeMs = Number(m[5])
  if (m[6]) reply.duplicate = true
  return { kind: 'reply', reply }
}

/** Each known line shape and how to read it; the first that matches wins. */
const LINE_READERS: Array<[RegExp, (m: Match) => PingLine]> = [
  [HEADER_V4, (m) => ({ kind: 'header', host: m[1] ?? '', address: m[2] ?? '', payloadBytes: Number(m[3]) })],
  [HEADER_V6, (m) => ({ kind: 'header', host: m[1] ?? '', address: m[2] ?? '', payloadBytes: Number(m[3]) })],
  [REPLY, readReply],
  [
    ICMP_ERROR,
    (m) => ({ kind: 'reply', reply: { seq: Number(m[2]), status: 'error', from: m[1] ?? '', detail: m[3] ?? '' } }),
  ],
  [PENDING, (m) => ({ kind: 'pending', seq: Number(m[1]) })],
  [
    SUMMARY,
    (m) => ({
      kind: 'summary',
      sent: Number(m[1]),
      received: Number(m[2]),
      duplicates: Number(m[3] ?? 0),
      errors: Number(m[4] ?? 0),
      lossPercent: Number(m[5]),
      timeMs: m[6] === undefined ? null : Number(m[6]),
    }),
  ],
  [RTT, (m) => ({ kind: 'rtt', minMs: Number(m[1]), avgMs: Number(m[2]), maxMs: Number(m[3]), mdevMs: Number(m[4]) })],
  [FAILURE, (m) => ({ kind: 'failure', message: m[1] ?? '' })],
]

export function parsePingLine(raw: string): PingLine | null {
  const line = raw.trim()
  for (const [pattern, read] of LINE_READERS) {
    const m = pattern.exec(line)
    if (m) return read(m)
  }
  return null
}

/** Final list: every sequence number up to `sent`, answered, failed or timed out, in order. */
function assembleReplies(seen: PingReply[], sent: number): PingReply[] {
  const bySeq = new Map<number, PingReply[]>()
  for (const reply of seen) bySeq.set(reply.seq, [...(bySeq.get(reply.seq) ?? []), reply])
  const last = Math.max(sent, ...seen.map((r) => r.seq), 0)
  const replies: PingReply[] = []
  for (let seq = 1; seq <= last; seq++) replies.push(...(bySeq.get(seq) ?? [{ seq, status: 'timeout' as const }]))
  return replies
}

export function parsePing(text: string): ParsedPing {
  const parsed: ParsedPing = { replies: [], failures: [] }
  const seen: PingReply[] = []
  let summary: Extract<PingLine, { kind: 'summary' }> | undefined
  let rtt: Extract<PingLine, { kind: 'rtt' }> | undefined
  for (const line of text.split('\n')) {
    const event = parsePingLine(line)
    if (!event) continue
    if (event.kind === 'header')
      Object.assign(parsed, { host: event.host, address: event.address, payloadBytes: event.payloadBytes })
    else if (event.kind === 'reply') seen.push(event.reply)
    else if (event.kind === 'summary') summary = event
    else if (event.kind === 'rtt') rtt = event
    else if (event.kind === 'failure') parsed.failures.push(event.message)
  }
  parsed.replies = assembleReplies(seen, summary?.sent ?? 0)
  if (summary) {
    const { kind: _, ...counts } = summary
    parsed.summary = {
      ...counts,
      minMs: rtt?.minMs ?? null,
      avgMs: rtt?.avgMs ?? null,
      maxMs: rtt?.maxMs ?? null,
      mdevMs: rtt?.mdevMs ?? null,
    }
  }
  return parsed
}

/** ping could not open an ICMP socket on this machine (no privilege, no ping group). */
export function icmpUnavailable(parsed: ParsedPing): boolean {
  return (
    parsed.host === undefined &&
    parsed.failures.some((f) => /socket: (Operation not permitted|Permission denied)/.test(f))
  )
}
