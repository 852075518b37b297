// The process's Prometheus metrics (prom-client): one registry per app, so two apps in one test
// process never share counters. Modules report through the small Metrics interface below.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export type RunOutcome = 'ok' | 'failed' | 'refused'

export interface Metrics {
  registry: Registry
  /** One finished HTTP request; `route` is the route pattern, never the raw URL. */
  observeRequest(method: string, route: string, status: number): void
  /**
   * observeRequest for one busy route that always answers 200: the returned function only adds to a
   * plain number, which joins the request counter when it is scraped.
   */
  tallyOk(route: string): (method: string) => void
  /** One finished tool run: outcome `failed` carries the failure's source (target, server, policy). */
  observeRun(tool: string, outcome: RunOutcome, durationMs: number, failureSource?: string): void
  /** A request refused by a rate limit or a concurrency cap, named by the limit. */
  observeRefusal(limit: string): void
  /** Speed-test payload bytes moved (download or upload). */
  observeSpeedBytes(direction: 'download' | 'upload', bytes: number): void
  /** Reads a gauge's value at scrape time (concurrency in use, database and Redis health). */
  gauge(name: 'concurrency' | 'dependency', read: () => Promise<Record<string, number>> | Record<string, number>): void
  /** Reads the connected probes at scrape time, counted by country and by AS number. */
  connectedProbes(read: () => Promise<ConnectedProbe[]>): void
  /** A measurement's first probe result arrived this long after it was submitted. */
  observeDispatch(milliseconds: number): void
  /** A probe took a task and gave no answer within the tool's time limit. */
  observeProbeTimeout(probeName: string): void
}

export interface ConnectedProbe {
  country: string
  asn: number | null
}

/** Probes named in the timeout counter; later ones are counted together as "other". */
export const PROBE_LABELS_MAX = 200
/** AS numbers with a gauge of their own (the most probes first); the rest count as "other". */
export const ASN_LABELS_MAX = 100

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'nettoolbox_' })
  // Requests of the busy routes of tallyOk(), by route and method, not yet added to `requests`.
  const tallies = new Map<string, Map<string, number>>()
  const requests = new Counter({
    name: 'nettoolbox_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      for (const [route, byMethod] of tallies) {
        for (const [method, count] of byMethod) if (count > 0) this.inc({ method, route, status: '200' }, count)
        byMethod.clear()
      }
    },
  })
  const runs = new Counter({
    name: 'nettoolbox_tool_runs_total',
    help: 'Tool runs by tool and outcome (ok, failed, refused); failed runs carry their failure source',
    labelNames: ['tool', 'outcome', 'failure_source'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'nettoolbox_tool_run_duration_seconds',
    help: 'Duration of finished tool runs, by tool',
    labelNames: ['tool'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 45, 90],
    registers: [registry],
  })
  const refusals = new Counter({
    name: 'nettoolbox_limit_refusals_total',
    help: 'Requests refused by a rate limit or a concurrency cap, by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  })
  const speedBytes = new Counter({
    name: 'nettoolbox_speed_test_bytes_total',
    help: 'Speed-test payload bytes moved, by direction',
    labelNames: ['direction'] as const,
    registers: [registry],
  })
  const readers: Record<
    'concurrency' | 'dependency',
    Array<() => Promise<Record<string, number>> | Record<string, number>>
  > = { concurrency: [], dependency: [] }
  const gaugeOf = (name: 'concurrency' | 'dependency', help: string, label: string) =>
    new Gauge({
      name: name === 'concurrency' ? 'nettoolbox_concurrency_in_use' : 'nettoolbox_dependency_up',
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset()
        for (const read of readers[name]) {
          const values = await read()
          for (const [key, value] of Object.entries(values)) this.set({ [label]: key }, value)
        }
      },
    })
  gaugeOf('concurrency', 'Tool runs in progress, by scope (overall or one tool)', 'scope')
  gaugeOf('dependency', 'Whether a dependency answers (1) or not (0): database, redis', 'dependency')
  const probes = probeMetrics(registry)

  return {
    registry,
    observeRequest(method, route, status) {
      requests.inc({ method, route, status: String(status) })
    },
    tallyOk(route) {
      const byMethod = new Map<string, number>()
      tallies.set(route, byMethod)
      return (method) => {
        byMethod.set(method, (byMethod.get(method) ?? 0) + 1)
      }
    },
    observeRun(tool, outcome, durationMs, failureSource) {
      runs.inc({ tool, outcome, failure_source: outcome === 'failed' ? (failureSource ?? 'unknown') : '' })
      if (outcome !== 'refused') durations.observe({ tool }, durationMs / 1000)
    },
    observeRefusal(limit) {
      refusals.inc({ limit })
    },
    observeSpeedBytes(direction, bytes) {
      if (bytes > 0) speedBytes.inc({ direction }, bytes)
    },
    gauge(name, read) {
      readers[name].push(read)
    },
    ...probes,
  }
}

/** Probe metrics: connected probes by country and AS number, dispatch latency, timeouts per probe. */
function probeMetrics(
  registry: Registry,
): Pick<Metrics, 'connectedProbes' | 'observeDispatch' | 'observeProbeTimeout'> {
  let readProbes: (() => Promise<ConnectedProbe[]>) | undefined
  let connected: Promise<ConnectedProbe[]> | undefined
  /** One read of the probes serves both gauges of a scrape. */
  const probesNow = () => {
    connected ??= (readProbes?.() ?? Promise.resolve([])).finally(() => {
      setImmediate(() => {
        connected = undefined
      })
    })
    return connected
  }
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>()
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
    return counts
  }
  new Gauge({
    name: 'nettoolbox_probes_connected',
    help: 'Probes connected to the site (any process), by country ("" when unknown)',
    labelNames: ['country'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const [country, count] of tally((await probesNow()).map((p) => p.country))) this.set({ country }, count)
    },
  })
  new Gauge({
    name: 'nettoolbox_probes_connected_by_asn',
    help: `Probes connected to the site, by AS number (the ${ASN_LABELS_MAX} with most probes; the rest as "other")`,
    labelNames: ['asn'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const counts = [...tally((await probesNow()).map((p) => (p.asn === null ? 'unknown' : `AS${p.asn}`)))]
      counts.sort((a, b) => b[1] - a[1])
      for (const [asn, count] of counts.slice(0, ASN_LABELS_MAX)) this.set({ asn }, count)
      const rest = counts.slice(ASN_LABELS_MAX).reduce((sum, [, count]) => sum + count, 0)
      if (rest > 0) this.set({ asn: 'other' }, rest)
    },
  })
  const dispatch = new Histogram({
    name: 'nettoolbox_measurement_first_result_seconds',
    help: 'Time from a measurement being submitted to its first probe result',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const timeouts = new Counter({
    name: 'nettoolbox_probe_timeouts_total',
    help: `Tasks a probe took and did not answer within the tool's time limit, by probe name (the first ${PROBE_LABELS_MAX} probes named; the rest as "other")`,
    labelNames: ['probe'] as const,
    registers: [registry],
  })
  const named = new Set<string>()
  return {
    connectedProbes(read) {
      readProbes = read
    },
    observeDispatch(milliseconds) {
      dispatch.observe(milliseconds / 1000)
    },
    observeProbeTimeout(probeName) {
      if (!named.has(probeName) && named.size < PROBE_LABELS_MAX) named.add(probeName)
      timeouts.inc({ probe: named.has(probeName) ? probeName : 'other' })
    },
  }
}
