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
}

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
  }
}
