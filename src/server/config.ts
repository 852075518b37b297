// The one validated configuration (docs/architecture.md). Nothing else reads process.env.
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { cidr, list } from '../diagnostics/net/config-fields.ts'

const hostPort = z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+)(:\d{1,5})?$/, 'must be host[:port]')

/** "ip", "ip:port", "[ipv6]" or "[ipv6]:port" (no names: used before any resolver). */
const ipPort = z.string().refine((v) => {
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(v) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(v)
  const address = m ? m[1] : v
  const port = m?.[2] === undefined ? 53 : Number(m[2])
  return isIP(address ?? '') !== 0 && port >= 1 && port <= 65535
}, 'must be ip[:port]')

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  PUBLIC_URL: z.url().optional(),
  DNS_SERVERS: list.pipe(z.array(hostPort)),
  DNS_ROOT_HINTS: list.pipe(z.array(ipPort)),
  DNS_PUBLIC_RESOLVERS: list.pipe(z.array(ipPort)),
  DNS_PACKETS_PER_DESTINATION: z.coerce.number().int().min(1).default(30),
  TARGET_ALLOW: list.pipe(z.array(cidr)),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NetToolbox <no-reply@localhost>'),
  WHOIS_SERVER: hostPort.default('whois.iana.org'),
  RDAP_BOOTSTRAP_URL: z.url().default('https://data.iana.org/rdap/'),
  REDIS_URL: z.string().optional(),
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: z.url().default('https://us.i.posthog.com'),
  ABUSEIPDB_KEY: z.string().optional(),
  ABUSEIPDB_URL: z.url().optional(),
  DNSBL_ZONES_FILE: z.string().optional(),
  DNSSEC_TRUST_ANCHORS: z.string().optional(),
  EXTRA_CA_FILE: z.string().optional(),
  MAIL_TEST_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  SOCKET_PATH: z.string().min(1).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SPEED_MAX_BYTES: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000_000),
  SPEED_SERVER_NAME: z.string().trim().min(1).max(100).optional(),
  PHONE_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TOOLS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SPEED_BYTES_PER_MINUTE: z.coerce.number().int().min(1).default(4_000_000_000),
  MAX_CONCURRENT_RUNS: z.coerce.number().int().min(1).default(64),
  MAX_CONCURRENT_PER_TOOL: z.coerce.number().int().min(1).default(16),
  MAX_CONCURRENT_PER_CLIENT: z.coerce.number().int().min(1).default(4),
  QUEUE_PER_TOOL: z.coerce.number().int().min(0).default(32),
  QUEUE_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  CONCURRENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  RUN_COST_SECONDS: z.coerce.number().int().min(1).default(10),
  IPV6_SUBNETS_PER_48: z.coerce.number().int().min(1).default(8),
  SECURITY_CONTACT: z.string().trim().min(3).optional(),
  REPORT_ISSUE_URL: z.url({ protocol: /^(https?|mailto)$/, error: 'must be an http(s) or mailto URL' }).optional(),
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(64),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
  ALLOWED_ORIGINS: list.pipe(z.array(z.url('must be an origin such as http://203.0.113.7:8080'))),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  SERVER_NAME: z.string().trim().min(1).max(100).optional(),
  SHARE_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  RUN_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  RESULTS_PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  RATE_LIMIT_TOKEN_TOOLS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_TOKEN_EXPENSIVE_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  BULK_MAX_INPUTS: z.coerce.number().int().min(1).max(10_000).default(100),
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PROBE_TOKENS: list.pipe(
    z.array(
      z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}:\S{16,200}$/, 'must be name:token (token of 16+ characters)'),
    ),
  ),
  MEASUREMENT_MAX_PROBES: z.coerce.number().int().min(1).max(500).default(50),
  MEASUREMENT_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  MEASUREMENT_WORKERS: z.coerce.number().int().min(1).max(1000).default(64),
  MEASUREMENT_JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  PROBE_LOST_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  LOCAL_PROBE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  LOCAL_PROBE_ADDRESS: z
    .string()
    .trim()
    .refine((v) => isIP(v) !== 0, 'must be an IP address')
    .optional(),
  LOCAL_PROBE_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(8),
  PATH: z.string().default('/usr/sbin:/usr/bin:/sbin:/bin'),
  MONITOR_MIN_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(1),
  MONITOR_MAX_PER_USER: z.coerce.number().int().min(0).max(10_000).default(20),
  MONITOR_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MONITOR_DOWNSAMPLE_HOURS: z.coerce.number().int().min(1).max(87_600).default(48),
  MONITOR_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  MONITOR_WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  MONITOR_WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  MONITOR_MINUTE_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
})

export type Database = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }

/** Caps on open connections and the deadlines of slow clients (plugins/connection-guard.ts). */
export interface ConnectionLimits {
  /** Open connections from one client address (IPv6 by /64); 0 turns the per-client cap off. */
  perClient: number
  /** Open connections in total. */
  total: number
  /** Time allowed for a request's headers to arrive. */
  headersTimeoutMs: number
  /** A request body must average at least this many bytes per second ... */
  bodyMinBytesPerSecond: number
  /** ... once this grace period is over. */
  bodyGraceMs: number
}

export interface Config {
  port: number
  host: string
  database: Database
  dataDir: string
  publicUrl: string
  dnsServers: string[]
  /** Servers a DNS trace starts from (DNS_ROOT_HINTS); empty for the IANA root servers. */
  dnsRootHints: string[]
  /** Resolvers a DNS propagation check asks (DNS_PUBLIC_RESOLVERS); empty for the well-known public ones. */
  dnsPublicResolvers: string[]
  /** DNS packets sent on users' behalf to one address per minute, all runs together (DNS_PACKETS_PER_DESTINATION). */
  dnsPacketsPerDestination: number
  targetAllow: string[]
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  smtpUrl?: string
  mailFrom: string
  whoisServer: string
  rdapBootstrapUrl: string
  redisUrl?: string
  posthog?: { key: string; host: string }
  abuseIpDbKey?: string
  /** AbuseIPDB API base (default the public v2 API). */
  abuseIpDbUrl?: string
  dnsblZonesFile?: string
  /** PEM file of CAs trusted in addition to the defaults by outbound TLS (SSL and website checks). */
  extraCaFile?: string
  /** DNSSEC_TRUST_ANCHORS: a file of DS records replacing IANA's root trust anchors. */
  dnssecTrustAnchorsFile?: string
  /** SMTP port the mail test connects to on every mail host (25; tests use another). */
  mailTestPort: number
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  webDist: string
  /** When set, listen on this Unix socket instead of HOST:PORT. */
  socketPath?: string
  /**
   * After SIGTERM/SIGINT, how long runs in progress may go on before the process exits anyway (at
   * least the longest tool deadline; src/server/shutdown/graceful-stop.ts).
   */
  shutdownGraceMs: number
  /** Largest download or upload one speed-test request may move, in bytes. */
  speedMaxBytes: number
  /** How the speed test names this server (serverLocation); default the host of PUBLIC_URL. */
  speedServerName: string
  /** Spam votes one user may cast per hour. */
  phoneReportsPerHour: number
  /** Per-client rate limits and concurrency caps (src/server/modules/limits). */
  limits: LimitSettings
  /** Where vulnerabilities are reported (security.txt Contact: a mailto: or https: URI). */
  /** Where to report a vulnerability (security.txt); none: the file is not served. */
  securityContact?: string
  /** Where the header's Report Issue link points; none: the link is left out. */
  reportIssueUrl?: string
  /** Caps on open connections and the deadlines of slow clients (src/server/plugins/connection-guard.ts). */
  connections: ConnectionLimits
  /**
   * Origins whose browsers may change state through the API (sign in, run tools): PUBLIC_URL's origin
   * first, then ALLOWED_ORIGINS (e.g. the address of a self-hosted site opened by IP).
   */
  trustedOrigins: string[]
  /** /metrics: a Bearer token for the main port, and/or a separate port (loopback by default). */
  metrics: { token?: string; port?: number; host: string }
  /** How stored results name the server that measured them (SERVER_NAME; default the host of PUBLIC_URL). */
  serverName: string
  /** Stored runs and shares (src/server/modules/results). */
  results: ResultSettings
  /** Bulk lookups (src/server/modules/bulk): inputs per request, and how many of them run at once. */
  bulk: { maxInputs: number; concurrency: number }
  /** Measurements from probes (src/server/modules/measurements, docs/probes.md). */
  measurements: MeasurementSettings
  /** Monitors (src/server/modules/monitors): limits, retention, alert delivery. */
  monitors: MonitorSettings
}

export interface MonitorSettings {
  /** The shortest interval a monitor may have, in minutes. */
  minIntervalMinutes: number
  /** Monitors one account may have. */
  maxPerUser: number
  /** Check results older than this are deleted. */
  retentionMs: number
  /** Check results older than this are kept one per hour (state changes always kept). */
  downsampleAfterMs: number
  /** Checks one server process runs at once. */
  concurrency: number
  /** Webhook deliveries retried this many times after the first try. */
  webhookRetries: number
  /** The first retry waits this long; each further one twice as long as the one before. */
  webhookBackoffMs: number
  /** The length of one interval minute in milliseconds (60000; shortened for tests and demonstrations). */
  minuteMs: number
}

export interface MeasurementSettings {
  /** PROBE_TOKENS: tokens probes may connect with, besides those issued into the database. */
  probeTokens: Array<{ name: string; token: string }>
  /** Probes one measurement may use in all. */
  maxProbes: number
  /** A measurement can be read (GET, events) this long after it was made; its stored run stays longer. */
  ttlMs: number
  /** Rows of measurements this process dispatches at once. */
  workers: number
  /** A row held by a process that stopped renewing its lock (killed) is taken over after this long. */
  jobLockMs: number
  /** A probe out of touch this long while it owes a result is declared lost for that row. */
  probeLostMs: number
  /** The site's own probe ("this server"), where it finds ping and mtr, and its cap. */
  localProbe: { enabled: boolean; address?: string; binPath: string[]; maxConcurrent: number }
}

export interface ResultSettings {
  /** A shared result is deleted this long after it was shared, unless pinned. */
  shareRetentionMs: number
  /** A run nobody shared is deleted this long after it ran. */
  runRetentionMs: number
  /** How often the server process deletes expired runs and shares. */
  purgeIntervalMs: number
}

export interface LimitSettings {
  /** Tool runs (and phone lookups) per client per minute, every tool counting 1. */
  toolsPerMinute: number
  /** Cost units of expensive tools (traceroute, mail, blacklist...) per client per minute. */
  expensivePerMinute: number
  /** Mutating /api/auth/* requests per address per minute. */
  authPerMinute: number
  /** Analytics events per address per minute. */
  eventsPerMinute: number
  /** Speed-test bytes (download + upload) per address per minute. */
  speedBytesPerMinute: number
  /** Tool runs in progress, all tools together (in this process; in all of them with Redis). */
  concurrentRuns: number
  /** Runs of one tool in progress (in this process; in all of them with Redis). */
  concurrentPerTool: number
  /** Runs in progress from one client address (in this process; in all of them with Redis). */
  concurrentPerClient: number
  /** With Redis, a run's slot lapses this long after its process last renewed it (a crashed process). */
  concurrencyLeaseMs: number
  /** Runs that may wait in line for one tool when its slots are taken (0: refuse at once). */
  queuePerTool: number
  /** The longest a run waits in line. */
  queueMaxWaitMs: number
  /** A run costs one more unit of its budgets for every started period of this length beyond the first. */
  runCostSeconds: number
  /** Active IPv6 /64s in one /48 beyond which the whole /48 shares one rate budget. */
  ipv6SubnetsPer48: number
  /** Requests with an API token count per account against these instead of the per-address budgets. */
  token: { toolsPerMinute: number; expensivePerMinute: number }
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function parseDatabase(url: string | undefined, dataDir: string): Database {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url }
  if (url?.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) }
  if (url) return { dialect: 'sqlite', file: url }
  return { dialect: 'sqlite', file: path.join(dataDir, 'nettoolbox.db') }
}

/** "security@host" becomes "mailto:security@host"; URIs (mailto:, https:) stay as they are. */
function toContactUri(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `mailto:${value}`
}

export class ConfigError extends Error {}

/** Reads the environment once; throws a ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const e = parsed.data
  const trustProxy = parseTrustProxy(e.TRUST_PROXY)
  if (Array.isArray(trustProxy)) {
    const bad = trustProxy.filter((v) => !cidr.safeParse(v).success)
    if (bad.length)
      throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}`)
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`
  return {
    port: e.PORT,
    host: e.HOST,
    database: parseDatabase(e.DATABASE_URL, e.DATA_DIR),
    dataDir: e.DATA_DIR,
    publicUrl,
    dnsServers: e.DNS_SERVERS,
    dnsRootHints: e.DNS_ROOT_HINTS,
    dnsPublicResolvers: e.DNS_PUBLIC_RESOLVERS,
    dnsPacketsPerDestination: e.DNS_PACKETS_PER_DESTINATION,
    targetAllow: e.TARGET_ALLOW,
    trustProxy,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    whoisServer: e.WHOIS_SERVER,
    rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL,
    redisUrl: e.REDIS_URL,
    posthog: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST } : undefined,
    abuseIpDbKey: e.ABUSEIPDB_KEY,
    abuseIpDbUrl: e.ABUSEIPDB_URL,
    dnsblZonesFile: e.DNSBL_ZONES_FILE,
    extraCaFile: e.EXTRA_CA_FILE,
    dnssecTrustAnchorsFile: e.DNSSEC_TRUST_ANCHORS,
    mailTestPort: e.MAIL_TEST_PORT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    socketPath: e.SOCKET_PATH,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    speedMaxBytes: e.SPEED_MAX_BYTES,
    speedServerName: e.SPEED_SERVER_NAME ?? new URL(publicUrl).host,
    phoneReportsPerHour: e.PHONE_REPORTS_PER_HOUR,
    limits: {
      toolsPerMinute: e.RATE_LIMIT_TOOLS_PER_MINUTE,
      expensivePerMinute: e.RATE_LIMIT_EXPENSIVE_PER_MINUTE,
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      eventsPerMinute: e.RATE_LIMIT_EVENTS_PER_MINUTE,
      speedBytesPerMinute: e.SPEED_BYTES_PER_MINUTE,
      concurrentRuns: e.MAX_CONCURRENT_RUNS,
      concurrentPerTool: e.MAX_CONCURRENT_PER_TOOL,
      concurrentPerClient: e.MAX_CONCURRENT_PER_CLIENT,
      queuePerTool: e.QUEUE_PER_TOOL,
      queueMaxWaitMs: e.QUEUE_MAX_WAIT_SECONDS * 1000,
      concurrencyLeaseMs: e.CONCURRENCY_LEASE_SECONDS * 1000,
      runCostSeconds: e.RUN_COST_SECONDS,
      ipv6SubnetsPer48: e.IPV6_SUBNETS_PER_48,
      token: {
        toolsPerMinute: e.RATE_LIMIT_TOKEN_TOOLS_PER_MINUTE,
        expensivePerMinute: e.RATE_LIMIT_TOKEN_EXPENSIVE_PER_MINUTE,
      },
    },
    securityContact: e.SECURITY_CONTACT === undefined ? undefined : toContactUri(e.SECURITY_CONTACT),
    reportIssueUrl: e.REPORT_ISSUE_URL,
    connections: {
      perClient: e.MAX_CONNECTIONS_PER_CLIENT,
      total: e.MAX_CONNECTIONS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      bodyGraceMs: 5000,
    },
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...e.ALLOWED_ORIGINS.map((o) => new URL(o).origin)])],
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    serverName: e.SERVER_NAME ?? new URL(publicUrl).host,
    results: {
      shareRetentionMs: e.SHARE_RETENTION_DAYS * 86_400_000,
      runRetentionMs: e.RUN_RETENTION_HOURS * 3_600_000,
      purgeIntervalMs: e.RESULTS_PURGE_INTERVAL_MINUTES * 60_000,
    },
    bulk: { maxInputs: e.BULK_MAX_INPUTS, concurrency: e.BULK_CONCURRENCY },
    measurements: {
      probeTokens: e.PROBE_TOKENS.map((entry) => {
        const colon = entry.indexOf(':')
        return { name: entry.slice(0, colon), token: entry.slice(colon + 1) }
      }),
      maxProbes: e.MEASUREMENT_MAX_PROBES,
      ttlMs: e.MEASUREMENT_TTL_MINUTES * 60_000,
      workers: e.MEASUREMENT_WORKERS,
      jobLockMs: e.MEASUREMENT_JOB_LOCK_SECONDS * 1000,
      probeLostMs: e.PROBE_LOST_SECONDS * 1000,
      localProbe: {
        enabled: e.LOCAL_PROBE === 'true',
        address: e.LOCAL_PROBE_ADDRESS,
        binPath: e.PATH.split(':').filter(Boolean),
        maxConcurrent: e.LOCAL_PROBE_MAX_CONCURRENT,
      },
    },
    monitors: {
      minIntervalMinutes: e.MONITOR_MIN_INTERVAL_MINUTES,
      maxPerUser: e.MONITOR_MAX_PER_USER,
      retentionMs: e.MONITOR_RETENTION_DAYS * 86_400_000,
      downsampleAfterMs: e.MONITOR_DOWNSAMPLE_HOURS * 3_600_000,
      concurrency: e.MONITOR_CONCURRENCY,
      webhookRetries: e.MONITOR_WEBHOOK_RETRIES,
      webhookBackoffMs: e.MONITOR_WEBHOOK_BACKOFF_MS,
      minuteMs: e.MONITOR_MINUTE_SECONDS * 1000,
    },
  }
}
