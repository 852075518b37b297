// What a probe and the site say to each other over the Socket.IO namespace /probes (docs/probes.md).
// The probe connects out (WebSocket) with its token in the upgrade request's Authorization header,
// which the site checks before it upgrades the connection (an unauthenticated peer never gets a
// socket); the Socket.IO handshake's `auth` repeats the token with the probe's name. The probe learns
// how the site sees it (`hello`), announces where it is and what it can run (`ready`), then takes
// `task`s, sends the lines of a running ping or traceroute as they come (`line`, since protocol 3),
// and sends back `result`s until the site acknowledges each one.
import { z } from 'zod'
import { MEASUREMENT_TOOL_IDS, measurementAnswer, measurementToolId } from './measurements.ts'

export const PROBES_NAMESPACE = '/probes'
/** The Socket.IO path on the site's HTTP server. */
export const PROBES_SOCKET_PATH = '/socket.io/'
/** The protocol this probe speaks: 3 added `line` messages. */
export const PROBE_PROTOCOL_VERSION = 3
/** The protocols the site accepts: a probe of protocol 2 sends only its final answers, which is enough. */
export const PROBE_PROTOCOL_VERSIONS_ACCEPTED = [2, 3] as const

/**
 * The largest message a probe may send once its token is checked: a result (an SSL scan, a mail test)
 * with every field at its cap fits. Nothing else the probe says comes near it.
 */
export const PROBE_MAX_MESSAGE_BYTES = 4_000_000

/** The upgrade request's header carrying the token: `Authorization: Bearer <token>`. */
export const probeAuthorizationHeader = (token: string) => ({ authorization: `Bearer ${token}` })

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function probeTokenOfHeader(header: string | undefined): string | null {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header ?? '')
  return match ? (match[1] as string) : null
}

/** The handshake's `auth` object: the same token as the Authorization header, and the name asked for. */
export const probeHandshake = z.object({
  token: z.string().min(1).max(200),
  /** The name the probe asks for (PROBE_NAME); the token's name when absent. */
  name: z.string().trim().min(1).max(64).optional(),
  protocol: z.literal(PROBE_PROTOCOL_VERSIONS_ACCEPTED),
})
export type ProbeHandshake = z.infer<typeof probeHandshake>

/** site → probe, once connected: its id and the address the site sees it connect from. */
export const probeHello = z.object({ probeId: z.string(), name: z.string(), seenAddress: z.string() })
export type ProbeHello = z.infer<typeof probeHello>

/** A probe's own words about itself (city, network…): shown to anyone, so short. */
export const PROBE_TEXT_MAX = 100
const announcedText = z.string().max(PROBE_TEXT_MAX)

/** What the probe says about itself; the site fills in `id`, `name` and `local`. */
export const probeAnnouncedLocation = z.object({
  country: announcedText,
  city: announcedText,
  continent: announcedText,
  region: announcedText,
  asn: z.number().int().min(0).max(4_294_967_295).nullable(),
  network: announcedText,
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
})
export type ProbeAnnouncedLocation = z.infer<typeof probeAnnouncedLocation>

/** probe → site, after `hello` and after every reconnect. Acknowledged with `{ ok }`. */
export const probeReady = z.object({
  location: probeAnnouncedLocation,
  tools: z.array(measurementToolId).max(MEASUREMENT_TOOL_IDS.length),
  /** Tasks the probe is running or holds a result for: rows of other tasks it had are lost. */
  knownTasks: z.array(z.string().max(100)).max(1000),
  version: z.string().max(40),
})
export type ProbeReady = z.infer<typeof probeReady>

/** site → probe: run one row of a measurement. The id is "<measurementId>:<row index>". */
export const probeTask = z.object({
  taskId: z.string().min(1).max(100),
  tool: measurementToolId,
  /** The tool's own request body, checked again by the probe with the tool's schema. */
  request: z.object({ input: z.string(), options: z.unknown().optional() }),
})
export type ProbeTask = z.infer<typeof probeTask>

/** The probe's acknowledgement of a task: taken (or already being run), or refused with why. */
export const probeTaskAck = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ accepted: z.literal(false), error: z.string() }),
])
export type ProbeTaskAck = z.infer<typeof probeTaskAck>

/** Caps on each field of a probe's answer; the result itself is checked with its tool's own schema. */
export const PROBE_ANSWER_CAPS = { input: 2000, lines: 5000, lineLength: 4000, error: 2000 } as const
/** The longest any tool may run (its own deadline is checked too), in ms. */
export const PROBE_MAX_DURATION_MS = 10 * 60_000

/** One probe's answer, each field capped: what POST /api/tools/:id answers for the tool. */
export const probeAnswer = measurementAnswer.extend({
  tool: measurementToolId,
  input: z.string().max(PROBE_ANSWER_CAPS.input),
  lines: z.array(z.string().max(PROBE_ANSWER_CAPS.lineLength)).max(PROBE_ANSWER_CAPS.lines),
  durationMs: z.number().int().min(0).max(PROBE_MAX_DURATION_MS),
  error: z.string().max(PROBE_ANSWER_CAPS.error).optional(),
})

/**
 * probe → site: a finished task. `answer` when the tool ran, with the options it ran with (the site
 * checks both against the task); `error` when the probe could not run it.
 */
export const probeResult = z.object({
  taskId: z.string().min(1).max(100),
  answer: probeAnswer.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(PROBE_ANSWER_CAPS.error).optional(),
})
export type ProbeResult = z.infer<typeof probeResult>

/**
 * Caps on the live lines of one task: a ping of 10 probes or a trace of 30 hops needs far fewer. The
 * probe cuts longer lines and stops after `perTask`; the site takes at most `perSecond` lines a
 * second from one probe connection (bursts up to `burst`) and drops the rest (the final answer has
 * every line anyway).
 */
export const PROBE_LINE_CAPS = { perTask: 200, length: 500, perSecond: 50, burst: 100 } as const

/**
 * probe → site, while a task runs (protocol 3): one line of its output as it appears (a ping reply, a
 * hop found), numbered from 0. Not acknowledged: a line lost with a dropped connection is only a
 * preview of the answer, which the probe keeps until the site has stored it.
 */
export const probeLine = z.object({
  taskId: z.string().min(1).max(100),
  seq: z
    .number()
    .int()
    .min(0)
    .max(PROBE_LINE_CAPS.perTask - 1),
  line: z.string().max(PROBE_LINE_CAPS.length),
})
export type ProbeLine = z.infer<typeof probeLine>

/**
 * The lines one connection may send: PROBE_LINE_CAPS.perSecond a second on average, bursts up to
 * PROBE_LINE_CAPS.burst (a token bucket). Each call asks for one line: true when it is within them.
 * The probe holds itself to it and the site enforces it.
 */
export function createLineAllowance(now: () => number = () => performance.now()): () => boolean {
  let tokens: number = PROBE_LINE_CAPS.burst
  let at = now()
  return () => {
    const current = now()
    tokens = Math.min(PROBE_LINE_CAPS.burst, tokens + ((current - at) / 1000) * PROBE_LINE_CAPS.perSecond)
    at = current
    if (tokens < 1) return false
    tokens -= 1
    return true
  }
}

/** The site's acknowledgement of a result: `stored` once kept (or when the row is over anyway). */
export const probeResultAck = z.object({ stored: z.boolean() })
export type ProbeResultAck = z.infer<typeof probeResultAck>

export interface ProbeServerEvents {
  hello(hello: ProbeHello): void
  task(task: ProbeTask, ack: (reply: ProbeTaskAck) => void): void
}

export interface ProbeClientEvents {
  ready(ready: ProbeReady, ack: (reply: { ok: boolean; error?: string }) => void): void
  result(result: ProbeResult, ack: (reply: ProbeResultAck) => void): void
  line(line: ProbeLine): void
}
