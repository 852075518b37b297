// What a probe and the site say to each other over the Socket.IO namespace /probes (docs/probes.md).
// The probe connects out (WebSocket), authenticates with its token in the handshake, learns how the
// site sees it (`hello`), announces where it is and what it can run (`ready`), then takes `task`s and
// sends back `result`s until the site acknowledges each one.
import { z } from 'zod'
import { measurementAnswer, measurementToolId, probeLocation } from './measurements.ts'

export const PROBES_NAMESPACE = '/probes'
/** The Socket.IO path on the site's HTTP server. */
export const PROBES_SOCKET_PATH = '/socket.io/'
export const PROBE_PROTOCOL_VERSION = 1

/** The handshake's `auth` object. */
export const probeHandshake = z.object({
  token: z.string().min(1).max(200),
  /** The name the probe asks for (PROBE_NAME); the token's name when absent. */
  name: z.string().trim().min(1).max(64).optional(),
  protocol: z.literal(PROBE_PROTOCOL_VERSION),
})
export type ProbeHandshake = z.infer<typeof probeHandshake>

/** site → probe, once connected: its id and the address the site sees it connect from. */
export const probeHello = z.object({ probeId: z.string(), name: z.string(), seenAddress: z.string() })
export type ProbeHello = z.infer<typeof probeHello>

/** What the probe says about itself; the site fills in `id`, `name` and `local`. */
export const probeAnnouncedLocation = probeLocation.omit({ id: true, name: true, local: true })
export type ProbeAnnouncedLocation = z.infer<typeof probeAnnouncedLocation>

/** probe → site, after `hello` and after every reconnect. Acknowledged with `{ ok }`. */
export const probeReady = z.object({
  location: probeAnnouncedLocation,
  tools: z.array(measurementToolId),
  /** Tasks the probe is running or holds a result for: rows of other tasks it had are lost. */
  knownTasks: z.array(z.string()),
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

/** probe → site: a finished task. `answer` when the tool ran; `error` when the probe could not run it. */
export const probeResult = z.object({
  taskId: z.string().min(1).max(100),
  answer: measurementAnswer.optional(),
  error: z.string().max(2000).optional(),
})
export type ProbeResult = z.infer<typeof probeResult>

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
}
