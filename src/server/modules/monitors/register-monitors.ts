// Everything monitors add to the app: the repositories, the check runner, the scheduler (BullMQ's
// job schedulers with REDIS_URL, else the database's), alert delivery, retention, and the routes.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Net } from '../../../diagnostics/net/net.ts'
import type { Registry } from '../../../diagnostics/registry.ts'
import type { Config } from '../../config.ts'
import type { CurrentUser } from '../../current-user.ts'
import type { DatabaseHandle } from '../../db/database.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import { createMailer } from '../mail/mailer.ts'
import type { MeasurementService } from '../measurements/measurement-service.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { RunsRepository } from '../runs/repository.ts'
import { createAlerter } from './alerts.ts'
import { createChecksRepository } from './checks-repository.ts'
import type { MonitorContext } from './context.ts'
import { createDatabaseScheduler, type DatabaseScheduler } from './database-scheduler.ts'
import { toMonitorItem } from './monitor-item.ts'
import { createMonitorsRepository } from './monitors-repository.ts'
import { createRedisScheduler } from './redis-scheduler.ts'
import { type CheckRetention, createCheckRetention } from './retention.ts'
import { monitorRoutes } from './routes.ts'
import { type CheckRunner, createCheckRunner } from './run-check.ts'
import { type Clock, systemClock } from './schedule.ts'
import type { MonitorScheduler } from './scheduler.ts'

/** Handed to `expose` once the parts are built (tests drive the scheduler and retention with a fake clock). */
export interface MonitorsHandle {
  scheduler: MonitorScheduler | DatabaseScheduler
  retention: CheckRetention
  runner: CheckRunner
}

/** How long a request waits for the scheduler to take a change. */
const SCHEDULER_WAIT_MS = 3000

export interface MonitorsOptions {
  /** The time checks, slots and retention read (default the system clock). */
  clock?: Clock
  /** Without Redis: how often due monitors are looked for (default 1 s, less with shorter test minutes). */
  pollMs?: number
  /** Retention runs this often (default hourly). */
  retentionIntervalMs?: number
  expose?: (handle: MonitorsHandle) => void
}

export interface MonitorsDeps {
  config: Config
  database: DatabaseHandle
  net: Net
  registry: Registry
  admission: Pick<RunAdmission, 'admitAccount'>
  runs: RunsRepository
  currentUser: CurrentUser
  metrics?: Pick<Metrics, 'observeRun'>
  /** Measurements from probes (a DNS monitor with locations is checked from them). */
  measurements?: Pick<MeasurementService, 'measure'>
  options?: MonitorsOptions
}

export async function registerMonitors(app: FastifyInstance, deps: MonitorsDeps): Promise<void> {
  const { config } = deps
  const settings = config.monitors
  const clock = deps.options?.clock ?? systemClock
  const monitors = createMonitorsRepository(deps.database.db)
  const checks = createChecksRepository(deps.database.db)
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  })
  const alerts = createAlerter({
    mailer,
    monitors,
    checks,
    webhook: { net: deps.net, retries: settings.webhookRetries, backoffMs: settings.webhookBackoffMs },
    publicUrl: config.publicUrl,
    log: app.log,
  })
  const runner = createCheckRunner({
    monitors,
    checks,
    runs: deps.runs,
    registry: deps.registry,
    net: deps.net,
    admission: deps.admission,
    alerts,
    serverName: config.serverName,
    publicUrl: config.publicUrl,
    clock,
    log: app.log,
    measurements: deps.measurements,
    onAnswer: (answer) => deps.metrics?.observeRun(answer.tool, answer.status, answer.durationMs, answer.failureSource),
  })
  const scheduler: MonitorScheduler = config.redisUrl
    ? createRedisScheduler({
        redisUrl: config.redisUrl,
        monitors,
        runner,
        minuteMs: settings.minuteMs,
        concurrency: settings.concurrency,
        log: app.log,
      })
    : createDatabaseScheduler({
        monitors,
        runner,
        clock,
        minuteMs: settings.minuteMs,
        concurrency: settings.concurrency,
        pollMs: deps.options?.pollMs,
        log: app.log,
      })
  const retention = createCheckRetention(
    checks,
    { ...settings, intervalMs: deps.options?.retentionIntervalMs ?? 3_600_000 },
    { clock, log: app.log },
  )
  deps.options?.expose?.({ scheduler, retention, runner })

  // The routes save first, then tell the scheduler; a scheduler that cannot answer in time (Redis
  // down) does not hold the request: the re-sync from the database catches the change up.
  const patient =
    <A extends unknown[]>(what: string, call: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          app.log.warn(`monitor scheduler: ${what} is taking long; the re-sync will catch it up`)
          resolve()
        }, SCHEDULER_WAIT_MS)
      })
      const done = call(...args).catch((error) => app.log.error({ err: error }, `monitor scheduler: ${what} failed`))
      await Promise.race([done, late])
      clearTimeout(timer)
    }
  const routeScheduler: MonitorScheduler = {
    ...scheduler,
    kind: scheduler.kind,
    changed: patient('a change', (monitor) => scheduler.changed(monitor)),
    removed: patient('a removal', (id) => scheduler.removed(id)),
  }

  const context: MonitorContext = {
    monitors,
    checks,
    runs: deps.runs,
    scheduler: () => routeScheduler,
    net: deps.net,
    settings,
    clock,
    publicUrl: config.publicUrl,
    currentUser: deps.currentUser,
    toItem: (monitor, disabled) =>
      toMonitorItem(monitor, {
        checks,
        now: clock.now(),
        minuteMs: settings.minuteMs,
        disabled,
        storedNext: scheduler.kind === 'database',
      }),
  }
  await app.register(monitorRoutes, context)

  // Checks start once the app is ready (in tests: at the first request), and stop before it closes.
  // Not awaited: a Redis that is not up yet delays the checks, not the site.
  let started: Promise<void> = Promise.resolve()
  app.addHook('onReady', async () => {
    started = scheduler.start().catch((error) => app.log.error({ err: error }, 'the monitor scheduler did not start'))
    retention.start()
  })
  app.addHook('onClose', async () => {
    retention.stop()
    // Stopping first also ends a start still waiting for Redis.
    await scheduler.stop()
    await started
    await alerts.drain()
    mailer.close()
  })
}
