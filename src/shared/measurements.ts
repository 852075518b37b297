// Measurements: one tool run dispatched to several probes (docs/probes.md), answered side by side.
//   POST /api/measurements              MeasurementRequest  -> 202 MeasurementCreated
//   GET  /api/measurements/:id          -> Measurement
//   GET  /api/measurements/:id/events   -> text/event-stream of MeasurementEvent (one per row change, then `finished`)
//   GET  /api/probes                    -> ProbeList
// Shared by the server, the probe, the web app and the OpenAPI document.
import { z } from 'zod'
import type { ToolId } from './catalogue.ts'
import { failureSource, toolStatus } from './tools/tool-answer.ts'

/**
 * The tools a probe runs: those whose answer depends on where it is measured from. Lookups of
 * registries and databases (whois, ASN, geolocation, block lists) read the same everywhere.
 */
export const MEASUREMENT_TOOL_IDS = [
  'ping',
  'traceroute',
  'dns',
  'rdns',
  'ssl',
  'website-check',
  'mail',
] as const satisfies ToolId[]
export type MeasurementToolId = (typeof MEASUREMENT_TOOL_IDS)[number]

export function isMeasurementTool(id: string): id is MeasurementToolId {
  return (MEASUREMENT_TOOL_IDS as readonly string[]).includes(id)
}

export const measurementToolId = z.enum(MEASUREMENT_TOOL_IDS, {
  error: `tool must be one of ${MEASUREMENT_TOOL_IDS.join(', ')}`,
})

/** Location entries per measurement, and probes per entry, unless the site's settings say less. */
export const MEASUREMENT_MAX_LOCATIONS = 20
export const MEASUREMENT_MAX_LIMIT = 10

/**
 * Where to measure from. Each entry selects probes whose country (ISO code or name), city,
 * continent (code such as "EU" or name), region ("eu-west", "Western Europe"), ASN ("AS13335"),
 * network name or probe name match it; several words (or words joined by "+") must all match
 * ("Cloudflare Frankfurt"); commas separate alternatives ("DE, FR, AS13335"). "any" and "World" take
 * any probe; "local" takes the site's own probe ("this server").
 */
export const measurementLocation = z
  .string({ error: 'Each location must be text' })
  .trim()
  .min(1, 'A location is empty')
  .max(100, 'A location is longer than 100 characters')

export const measurementCreated = z.object({
  id: z.string(),
  /** How many probes were chosen: the measurement has this many rows. */
  probesCount: z.number().int().min(1),
})
export type MeasurementCreated = z.infer<typeof measurementCreated>

/** Where a probe measures from, as the probe announced it (or derived from its public address). */
export const probeLocation = z.object({
  id: z.string(),
  /** The probe's name (its token's name unless it set PROBE_NAME). */
  name: z.string(),
  /** ISO 3166-1 alpha-2, upper case; "" when unknown. */
  country: z.string(),
  city: z.string(),
  /** AF, AN, AS, EU, NA, OC or SA; "" when unknown. */
  continent: z.string(),
  /** e.g. "eu-west"; "" when unknown. */
  region: z.string(),
  /** Autonomous system number, null when unknown. */
  asn: z.number().int().nullable(),
  /** The network's name (the AS holder), "" when unknown. */
  network: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** True for the site's own probe ("this server"). */
  local: z.boolean(),
})
export type ProbeLocation = z.infer<typeof probeLocation>

/**
 * A row's state. `finished`: the probe ran the tool and `result` holds its answer (which may itself be
 * a failed diagnosis, with its failureSource). `failed`: the probe could not run it (the tool is not
 * available there, the probe was busy or refused it); `error` says why. `probe-lost`: the probe went
 * away before answering; `error` says so.
 */
export const MEASUREMENT_ROW_STATUSES = ['in-progress', 'finished', 'failed', 'probe-lost'] as const
export const measurementRowStatus = z.enum(MEASUREMENT_ROW_STATUSES)
export type MeasurementRowStatus = z.infer<typeof measurementRowStatus>

/** One probe's answer: exactly what POST /api/tools/:id answers for the tool (without runId and saved). */
export const measurementAnswer = z.object({
  tool: z.string(),
  input: z.string(),
  status: toolStatus,
  /** The tool's own result schema (src/shared/tools/<tool>.ts). */
  result: z.unknown(),
  lines: z.array(z.string()),
  durationMs: z.number(),
  failureSource: failureSource.optional(),
  error: z.string().optional(),
})
export type MeasurementAnswer = z.infer<typeof measurementAnswer>

export const measurementRow = z.object({
  probe: probeLocation,
  status: measurementRowStatus,
  result: measurementAnswer.optional(),
  error: z.string().optional(),
  /**
   * While the row is in progress: the lines of output its probe has sent so far (ping and traceroute
   * stream them, as a run on the site does). Gone once the row is settled: `result.lines` says it all.
   */
  lines: z.array(z.string()).optional(),
})
export type MeasurementRow = z.infer<typeof measurementRow>

export const measurementStatus = z.enum(['in-progress', 'finished'])
export type MeasurementStatus = z.infer<typeof measurementStatus>

/** GET /api/measurements/:id. Rows keep their order; `finished` once no row is in progress. */
export const measurement = z.object({
  id: z.string(),
  tool: measurementToolId,
  input: z.string(),
  options: z.record(z.string(), z.unknown()),
  locations: z.array(z.string()),
  status: measurementStatus,
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  results: z.array(measurementRow),
  /** The stored run once finished: POST /api/results { runId } makes its permalink. */
  runId: z.string().optional(),
})
export type Measurement = z.infer<typeof measurement>

/**
 * The event stream: on connect every row as it stands (`row` events, an in-progress row with its lines
 * so far), then one `row` event per change and one `line` event per line a probe sends while its row
 * runs, and a last `finished` event carrying the whole measurement, after which the stream ends. Each
 * event's SSE `event:` field is its `type`, its `data:` the JSON below; `id:` lets a reconnect resume.
 */
export const measurementEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('row'), index: z.number().int().min(0), row: measurementRow }),
  /** The row's next line of output while it runs (its `lines` grow by this one). */
  z.object({ type: z.literal('line'), index: z.number().int().min(0), line: z.string() }),
  z.object({ type: z.literal('finished'), measurement }),
])
export type MeasurementEvent = z.infer<typeof measurementEvent>

/** A connected probe, for GET /api/probes. */
export const probeInfo = probeLocation.extend({
  /** The measurement tools this probe can run (its binaries decide ping and traceroute). */
  tools: z.array(measurementToolId),
  /** ISO-8601 UTC: since when it is connected. */
  connectedAt: z.string(),
})
export type ProbeInfo = z.infer<typeof probeInfo>

export const probeList = z.object({ probes: z.array(probeInfo) })
export type ProbeList = z.infer<typeof probeList>

/**
 * How a finished measurement is kept as a run (history, permalinks /r/:id): the run's answer has the
 * measured tool as `tool`, the input, `status` "ok" when at least one row finished, `lines` one per
 * row ("Frankfurt, DE, AS13335 Cloudflare: <the tool's first line or the row's error>"), and this
 * as `result`.
 */
export const storedMeasurement = z.object({
  kind: z.literal('measurement'),
  id: z.string(),
  tool: measurementToolId,
  input: z.string(),
  options: z.record(z.string(), z.unknown()),
  locations: z.array(z.string()),
  createdAt: z.string(),
  results: z.array(measurementRow),
})
export type StoredMeasurement = z.infer<typeof storedMeasurement>

export function isStoredMeasurement(result: unknown): result is StoredMeasurement {
  return storedMeasurement.safeParse(result).success
}
