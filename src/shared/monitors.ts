// Monitors: checks that run a tool on a schedule for a signed-in account and alert on state changes
// (docs/monitors.md). The HTTP contract of /api/monitors, shared by the server and the web app.
import { z } from 'zod'
import { dnsType } from './tools/dns/schema.ts'
import { gradeLetter } from './tools/ssl/schema.ts'
import {
  domainWithPortInput,
  hostInput,
  hostOrUrlInput,
  idnDnsNameInput,
  mailTargetInput,
  websiteUrlInput,
} from './validation.ts'

export const MONITOR_KINDS = ['ssl', 'blacklist', 'dns', 'website', 'mail', 'ping'] as const
export const monitorKind = z.enum(MONITOR_KINDS)
export type MonitorKind = z.infer<typeof monitorKind>

/** The catalogue tool each kind runs (the same code as POST /api/tools/:id). */
export const MONITOR_TOOL = {
  ssl: 'ssl',
  blacklist: 'blacklist',
  dns: 'dns',
  website: 'website-check',
  mail: 'mail',
  ping: 'ping',
} as const satisfies Record<MonitorKind, string>

/** Defaults the server applies; the smallest interval and the per-account cap come from its settings. */
export const MONITOR_DEFAULTS = {
  intervalMinutes: 5,
  confirmations: 2,
  expiryDays: 14,
  dnsType: 'A',
  pingLossPercent: 20,
} as const
export const MONITOR_MAX_INTERVAL_MINUTES = 1440
export const MONITOR_MAX_CONFIRMATIONS = 10

export const monitorMessages = {
  notFound: 'This monitor does not exist',
  forbidden: 'This monitor belongs to another account',
  signIn: 'Sign in to use monitors',
  tooMany: (max: number) => `An account can have at most ${max} monitor${max === 1 ? '' : 's'}; delete one first`,
  intervalTooShort: (min: number) =>
    min === 1 ? 'Checks run at most every minute' : `Checks run at most every ${min} minutes`,
  runNotFound: 'Unknown run: it does not exist, belongs to another account or has expired',
  runNotMonitorable: (tool: string) => `A ${tool} result cannot become a monitor`,
  kindFixed: 'The kind of a monitor cannot change; create a new monitor instead',
  disabled: 'Monitoring is switched off for this account by the operator',
} as const

// Settings per kind. Every field has a default, so `{}` is valid for each kind.

export const sslMonitorSettings = z.object({
  /** Alert when the certificate expires in fewer days than this. */
  expiryDays: z
    .number()
    .int()
    .min(1, 'Expiry warning must be 1 to 365 days')
    .max(365, 'Expiry warning must be 1 to 365 days')
    .default(MONITOR_DEFAULTS.expiryDays),
  /** Alert when the grade falls below this one (A+ best … F); absent: the grade is not watched. */
  minGrade: gradeLetter.optional(),
})

export const blacklistMonitorSettings = z.object({})

export const dnsMonitorSettings = z.object({
  type: dnsType.default(MONITOR_DEFAULTS.dnsType),
  /** Probe locations to ask from (multi-location measurements); empty: this server. */
  locations: z.array(z.string().trim().min(1).max(64)).max(10).optional(),
})

export const websiteMonitorSettings = z.object({
  /** Alert when the answer takes longer than this many milliseconds; absent: latency not watched. */
  maxLatencyMs: z
    .number()
    .int()
    .min(50, 'Latency threshold must be 50 to 60000 ms')
    .max(60_000, 'Latency threshold must be 50 to 60000 ms')
    .optional(),
})

export const mailMonitorSettings = z.object({
  /** Alert when a STARTTLS certificate expires in fewer days than this. */
  expiryDays: z
    .number()
    .int()
    .min(1, 'Expiry warning must be 1 to 365 days')
    .max(365, 'Expiry warning must be 1 to 365 days')
    .default(MONITOR_DEFAULTS.expiryDays),
})

export const pingMonitorSettings = z.object({
  /** Alert when more than this percentage of the probes is lost. */
  maxLossPercent: z
    .number()
    .min(0, 'Loss threshold must be 0 to 100 %')
    .max(100, 'Loss threshold must be 0 to 100 %')
    .default(MONITOR_DEFAULTS.pingLossPercent),
  /** Alert when the average round trip exceeds this many milliseconds; absent: latency not watched. */
  maxAvgLatencyMs: z
    .number()
    .int()
    .min(1, 'Latency threshold must be 1 to 60000 ms')
    .max(60_000, 'Latency threshold must be 1 to 60000 ms')
    .optional(),
})

/** The target rule of each kind: the same input rule as the tool it runs. */
export const monitorTargets = {
  ssl: domainWithPortInput,
  blacklist: hostOrUrlInput,
  dns: idnDnsNameInput,
  website: websiteUrlInput,
  mail: mailTargetInput,
  ping: hostInput,
} as const satisfies Record<MonitorKind, z.ZodType>

export const monitorSettingsSchemas = {
  ssl: sslMonitorSettings,
  blacklist: blacklistMonitorSettings,
  dns: dnsMonitorSettings,
  website: websiteMonitorSettings,
  mail: mailMonitorSettings,
  ping: pingMonitorSettings,
} as const satisfies Record<MonitorKind, z.ZodType>

export type SslMonitorSettings = z.infer<typeof sslMonitorSettings>
export type DnsMonitorSettings = z.infer<typeof dnsMonitorSettings>
export type WebsiteMonitorSettings = z.infer<typeof websiteMonitorSettings>
export type MailMonitorSettings = z.infer<typeof mailMonitorSettings>
export type PingMonitorSettings = z.infer<typeof pingMonitorSettings>
export type MonitorSettings = { [K in MonitorKind]: z.infer<(typeof monitorSettingsSchemas)[K]> }

// Fields every monitor has.

export const monitorName = z
  .string({ error: 'Give the monitor a name' })
  .trim()
  .min(1, 'Give the monitor a name')
  .max(100, 'Monitor names have at most 100 characters')

export const intervalMinutes = z
  .number({ error: 'Interval must be a whole number of minutes' })
  .int('Interval must be a whole number of minutes')
  .min(1, 'Interval must be at least 1 minute')
  .max(MONITOR_MAX_INTERVAL_MINUTES, `Interval must be at most ${MONITOR_MAX_INTERVAL_MINUTES} minutes`)

export const confirmations = z
  .number()
  .int()
  .min(1, `Confirmations must be 1 to ${MONITOR_MAX_CONFIRMATIONS}`)
  .max(MONITOR_MAX_CONFIRMATIONS, `Confirmations must be 1 to ${MONITOR_MAX_CONFIRMATIONS}`)

/** An http(s) URL; the server also checks its address against the target policy. */
export const webhookUrl = z
  .string()
  .trim()
  .max(2048, 'Webhook URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    } catch {
      return false
    }
  }, 'Webhook URL must be an http:// or https:// URL')

const commonFields = {
  name: monitorName,
  intervalMinutes: intervalMinutes.default(MONITOR_DEFAULTS.intervalMinutes),
  alertEmail: z.boolean().default(true),
  webhookUrl: webhookUrl.nullable().optional(),
  /** Consecutive results needed before a state change counts (flapping guard). */
  confirmations: confirmations.default(MONITOR_DEFAULTS.confirmations),
  paused: z.boolean().default(false),
}

function kindInput<K extends MonitorKind, T extends z.ZodType, S extends z.ZodObject>(kind: K, target: T, settings: S) {
  return z.object({ kind: z.literal(kind), target, settings: settings.prefault({} as z.input<S>), ...commonFields })
}

/** POST /api/monitors with kind, target and settings. */
export const monitorInput = z.discriminatedUnion('kind', [
  kindInput('ssl', monitorTargets.ssl, sslMonitorSettings),
  kindInput('blacklist', monitorTargets.blacklist, blacklistMonitorSettings),
  kindInput('dns', monitorTargets.dns, dnsMonitorSettings),
  kindInput('website', monitorTargets.website, websiteMonitorSettings),
  kindInput('mail', monitorTargets.mail, mailMonitorSettings),
  kindInput('ping', monitorTargets.ping, pingMonitorSettings),
])
export type MonitorInput = z.input<typeof monitorInput>
export type ParsedMonitorInput = z.output<typeof monitorInput>

/** POST /api/monitors from a stored run (its runId, as in POST /api/results): kind and target come from the run. */
export const monitorFromRunInput = z.object({
  fromRunId: z.string({ error: 'fromRunId is required' }).min(1, 'fromRunId is required').max(100, 'Unknown run'),
  name: monitorName.optional(),
  intervalMinutes: intervalMinutes.optional(),
  alertEmail: z.boolean().optional(),
  webhookUrl: webhookUrl.nullable().optional(),
  confirmations: confirmations.optional(),
  paused: z.boolean().optional(),
})
export type MonitorFromRunInput = z.input<typeof monitorFromRunInput>

export const createMonitorRequest = z.union([monitorFromRunInput, monitorInput])
export type CreateMonitorRequest = z.input<typeof createMonitorRequest>

/**
 * PATCH /api/monitors/:id: any of these; the kind stays. `settings` replaces the settings (checked with
 * the monitor's kind); `webhookUrl: null` removes the webhook. A new target starts a new baseline.
 */
export const updateMonitorRequest = z
  .object({
    name: monitorName,
    target: z.string().trim().min(1, 'Please enter a target').max(2048, 'Input is too long'),
    settings: z.record(z.string(), z.unknown()),
    intervalMinutes,
    alertEmail: z.boolean(),
    webhookUrl: webhookUrl.nullable(),
    confirmations,
    paused: z.boolean(),
  })
  .partial()
  .strict()
export type UpdateMonitorRequest = z.input<typeof updateMonitorRequest>

// Answers.

/** ok / problem: the confirmed state; unknown: not yet confirmed or not checkable; paused: by its owner. */
export const monitorState = z.enum(['ok', 'problem', 'unknown', 'paused'])
export type MonitorState = z.infer<typeof monitorState>

/** One check's verdict: unknown when the check could not be made (our side, a refusal, a limit). */
export const checkState = z.enum(['ok', 'problem', 'unknown'])
export type CheckState = z.infer<typeof checkState>

/** What a check's `value` measures, per kind. */
export const CHECK_VALUE_UNITS = {
  ssl: 'days to expiry',
  blacklist: 'listings',
  dns: 'records',
  website: 'ms',
  mail: 'days to expiry',
  ping: 'ms',
} as const satisfies Record<MonitorKind, string>

/** Share of ok results among ok and problem results in the window (0-100); null without any. */
const uptimePercent = z.number().min(0).max(100).nullable()

/**
 * Kinds that watch whether something answers: their record is an uptime share. The other kinds
 * (certificate expiry, block lists, DNS answer, mail server) watch a fact, so their record is the
 * time spent in Problem and the state changes.
 */
export const AVAILABILITY_KINDS = ['website', 'ping'] as const satisfies readonly MonitorKind[]

export function isAvailabilityKind(kind: MonitorKind): boolean {
  return (AVAILABILITY_KINDS as readonly MonitorKind[]).includes(kind)
}

/** The last 24 hours, 7 or 30 days, or the whole life of a monitor younger than the next of these. */
export const windowSpan = z.enum(['h24', 'd7', 'd30', 'created'])
export type WindowSpan = z.infer<typeof windowSpan>

/** A monitor's record over one window, never longer than the monitor has existed. */
export const monitorWindow = z.object({
  span: windowSpan,
  /** ISO-8601 UTC start of the window (the creation time for `created`). */
  since: z.string(),
  /** Availability kinds only: the ok share of the checks in the window; null otherwise or without any. */
  uptime: uptimePercent,
  /** Time the confirmed state was Problem within the window, in ms. */
  problemMs: z.number().int().min(0),
  /** Confirmed state changes within the window. */
  stateChanges: z.number().int().min(0),
})
export type MonitorWindow = z.infer<typeof monitorWindow>

export const monitorItem = z.object({
  id: z.string(),
  name: z.string(),
  kind: monitorKind,
  target: z.string(),
  settings: z.record(z.string(), z.unknown()),
  intervalMinutes: z.number().int(),
  alertEmail: z.boolean(),
  webhookUrl: z.string().nullable(),
  confirmations: z.number().int(),
  paused: z.boolean(),
  /** True while the operator has switched monitoring off for the account: no checks run. */
  disabled: z.boolean(),
  state: monitorState,
  /** The last check's one-line summary ("Certificate expires in 10 days (threshold 14)"). */
  summary: z.string().nullable(),
  /** ISO-8601 UTC, or null before the first check. */
  lastCheckAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** The record over the last 24 h, 7 and 30 days that fit in the monitor's life, and since it was created. */
  windows: z.array(monitorWindow),
  /** DNS only: the recorded answer set later answers are compared with. */
  baseline: z.array(z.string()).nullable(),
  createdAt: z.string(),
})
export type MonitorItem = z.infer<typeof monitorItem>

export const monitorList = z.object({
  items: z.array(monitorItem),
  /** The server's settings the form needs. */
  limits: z.object({ maxMonitors: z.number().int(), minIntervalMinutes: z.number().int() }),
})
export type MonitorList = z.infer<typeof monitorList>

/** The answer to POST /api/monitors: the monitor and its webhook secret, shown this once. */
export const createdMonitor = monitorItem.extend({
  /** Signs webhook bodies (X-NetToolbox-Signature: sha256=<hex HMAC-SHA256>); only shown here. */
  webhookSecret: z.string(),
})
export type CreatedMonitor = z.infer<typeof createdMonitor>

/**
 * POST /api/monitors/:id/baseline (DNS monitors): the next answer is recorded as the new baseline;
 * answers the monitor (a MonitorItem).
 */

/** POST /api/monitors/:id/webhook-secret: a new secret replaces the old one, shown this once. */
export const rotatedSecret = z.object({ webhookSecret: z.string() })

export const checksQuery = z.object({
  /** ISO-8601; default 24 hours ago. */
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO-8601 date and time' }).optional(),
})

export const monitorCheck = z.object({
  /** ISO-8601 UTC. */
  time: z.string(),
  state: checkState,
  /** latency ms (website, ping), days to expiry (ssl, mail), listings (blacklist), records (dns). */
  value: z.number().nullable(),
  summary: z.string(),
  /** The stored run: POST /api/results { runId } makes its permalink; null once it has expired. */
  runId: z.string().nullable(),
  /** Older checks are kept one per hour: how many checks this point stands for. */
  count: z.number().int().min(1),
})
export type MonitorCheck = z.infer<typeof monitorCheck>

export const monitorChecks = z.object({ items: z.array(monitorCheck) })

export const monitorEvent = z.object({
  id: z.string(),
  time: z.string(),
  from: monitorState,
  to: monitorState,
  summary: z.string(),
  /** The permalink of the check that confirmed the change (/r/<id>), when it could be stored. */
  resultUrl: z.string().nullable(),
  /** Whether an alert went out: mail sent; webhook delivered, failed (after its retries), pending (still trying) or none. */
  alert: z.object({
    email: z.boolean(),
    webhook: z.enum(['delivered', 'failed', 'pending', 'none']),
  }),
})
export type MonitorEvent = z.infer<typeof monitorEvent>

export const monitorEvents = z.object({ items: z.array(monitorEvent) })

/** The JSON body of a webhook alert. */
export const webhookPayload = z.object({
  event: z.enum(['monitor.problem', 'monitor.recovered']),
  monitor: z.object({ id: z.string(), name: z.string(), kind: monitorKind, target: z.string() }),
  from: monitorState,
  to: monitorState,
  summary: z.string(),
  time: z.string(),
  /** Absolute permalink of the check result, or null when it could not be stored. */
  resultUrl: z.string().nullable(),
})
export type WebhookPayload = z.infer<typeof webhookPayload>

export const WEBHOOK_SIGNATURE_HEADER = 'X-NetToolbox-Signature'
