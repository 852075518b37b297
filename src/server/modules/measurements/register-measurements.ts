// Measurements from probes, wired into the site (docs/probes.md). Without REDIS_URL everything stays in
// this process: an in-memory store, directory and dispatcher, the site's own probe and any probe that
// connects here. With REDIS_URL the same parts live in Redis: the Socket.IO Redis adapter reaches probes
// connected to any process, a BullMQ queue spreads the rows over every process, and the measurements'
// state is a Redis hash and stream that every process reads.
import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Net } from '../../../diagnostics/net/net.ts'
import type { Registry } from '../../../diagnostics/registry.ts'
import type { ProbeInfo } from '../../../shared/measurements.ts'
import { PROBE_LINE_CAPS } from '../../../shared/probe-protocol.ts'
import type { Config } from '../../config.ts'
import type { CurrentUser } from '../../current-user.ts'
import type { DatabaseHandle } from '../../db/database.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { RunsRepository } from '../runs/repository.ts'
import type { ToolResultsRepository } from '../saved-results/repository.ts'

import { checkProbeAnswer } from './check-probe-answer.ts'
import { dispatchRow, lostOutcome, outcomeOf, type RowDispatchDeps } from './dispatch-row.ts'
import { createMemoryDispatcher, createQueueDispatcher, type Dispatcher } from './dispatcher.ts'
import { createMeasurementFinisher } from './finish-measurement.ts'
import { createLocalProbe } from './local-probe.ts'
import { createMeasurementService, type MeasurementService } from './measurement-service.ts'
import { type MeasurementStore, parseTaskId } from './measurement-store.ts'
import { createMemoryMeasurementStore } from './memory-store.ts'
import { createMemoryProbeDirectory, createRedisProbeDirectory } from './probe-directory.ts'
import { attachProbeServer, type ProbeServerHandlers } from './probe-server.ts'
import { createMemoryProbeTimeouts, createRedisProbeTimeouts } from './probe-timeouts.ts'
import { createProbeTokenCheck, createProbeTokensRepository } from './probe-tokens.ts'
import { createRedisMeasurementStore } from './redis-store.ts'
import { measurementRoutes } from './routes.ts'

export interface MeasurementsDeps {
  config: Pick<Config, 'measurements' | 'redisUrl' | 'serverName' | 'trustProxy'>
  net: Net
  registry: Registry
  admission: RunAdmission
  currentUser: CurrentUser
  runs: Pick<RunsRepository, 'insert'>
  history: Pick<ToolResultsRepository, 'insert'>
  database: DatabaseHandle
  metrics: Pick<Metrics, 'connectedProbes' | 'observeDispatch' | 'observeProbeTimeout'>
}

interface RedisConnections {
  /** Commands that fail at once while Redis is away (the routes answer 503 meanwhile). */
  commands: Redis
  /** The queue worker's blocking reads: retried until Redis is back. */
  worker: Redis
  publish: Redis
  subscribe: Redis
  close(): Promise<void>
}

/**
 * The Socket.IO Redis adapter drops the replies to some commands: its PUBLISHes (a broadcast, the
 * disconnection of every probe when the site closes) and the UNSUBSCRIBE and PUNSUBSCRIBE it sends
 * when it closes. With Redis away, or its address answering without replying, the connection rejects
 * them when it is closed ("Connection is closed."), which would be an unhandled rejection. Callers
 * that do wait for a reply still see the rejection.
 */
function repliesMayBeDropped(client: Redis, commands: Array<'publish' | 'unsubscribe' | 'punsubscribe'>): Redis {
  for (const name of commands) {
    const send = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>
    Object.defineProperty(client, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        const reply = send(...args)
        reply.catch(() => undefined)
        return reply
      },
    })
  }
  return client
}

/** A Redis command that takes longer fails (the route answers 503) instead of holding the request. */
const COMMAND_TIMEOUT_MS = 5000

async function connectRedis(url: string, app: FastifyInstance): Promise<RedisConnections> {
  const commands = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  })
  const worker = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null })
  const publish = repliesMayBeDropped(new Redis(url, { lazyConnect: true }), ['publish'])
  const subscribe = repliesMayBeDropped(new Redis(url, { lazyConnect: true }), ['unsubscribe', 'punsubscribe'])
  const all = [commands, worker, publish, subscribe]
  let lastLog = 0
  for (const connection of all) {
    connection.on('error', (error: Error) => {
      if (Date.now() - lastLog < 10_000) return
      lastLog = Date.now()
      app.log.warn({ err: error }, 'Redis for measurements unavailable: measurements answer 503 until it is back')
    })
  }
  await Promise.all(all.map((connection) => connection.connect()))
  return {
    commands,
    worker,
    publish,
    subscribe,
    async close() {
      // QUIT waits for Redis; while it is away, the connections are just dropped.
      await Promise.all(
        all.map(async (connection) => {
          if (connection.status !== 'ready') return connection.disconnect()
          const quit = connection.quit().catch(() => undefined)
          const late = new Promise((resolve) => setTimeout(resolve, 1000).unref())
          await Promise.race([quit, late])
          connection.disconnect()
        }),
      )
    },
  }
}

interface ProbeHandlerDeps {
  store: MeasurementStore
  finishIfDone(id: string): Promise<void>
  registry: Registry
  log: FastifyBaseLogger
  metrics: Pick<Metrics, 'observeDispatch'>
}

function probeHandlers({ store, finishIfDone, registry, log, metrics }: ProbeHandlerDeps): ProbeServerHandlers {
  /** The row a probe's message names, when that probe was given it and the measurement is still kept. */
  const ownRow = async (probeId: string, taskId: string) => {
    const task = parseTaskId(taskId)
    const row = task && (await store.row(task.measurementId, task.index))
    return task && row && row.probe.id === probeId ? { task, row } : null
  }
  /** A refused answer is never kept: its row fails, saying so. */
  const refuse = async (probeId: string, taskId: string, why: string) => {
    const own = await ownRow(probeId, taskId)
    if (!own) return
    const { task, row } = own
    log.warn({ probeId, taskId, why }, 'probe answer refused: it does not answer its task')
    const error = `Probe ${row.probe.name} sent an answer that does not match the task; it was discarded`
    await store.settleRow(task.measurementId, task.index, { status: 'failed', error })
    await store.removeProbeTask(probeId, taskId)
    await finishIfDone(task.measurementId)
  }
  return {
    async onResult(probeId, result) {
      const own = await ownRow(probeId, result.taskId)
      // A result for a row this probe was not given, or of an expired measurement, is dropped.
      if (!own) return
      const { task } = own
      const measurement = await store.get(task.measurementId)
      if (!measurement) return
      const why = checkProbeAnswer(measurement, result, registry)
      if (why) return refuse(probeId, result.taskId, why)
      const { settled, remaining } = await store.settleRow(task.measurementId, task.index, outcomeOf(result))
      // No row was settled before this one: the measurement's first result.
      if (settled && remaining === measurement.results.length - 1) {
        metrics.observeDispatch(Date.now() - Date.parse(measurement.createdAt))
      }
      await store.removeProbeTask(probeId, result.taskId)
      await finishIfDone(task.measurementId)
    },
    async onLine(probeId, line) {
      const task = parseTaskId(line.taskId)
      if (!task) return
      await store.appendLine(task.measurementId, task.index, {
        probeId,
        seq: line.seq,
        text: line.line,
        maxLines: PROBE_LINE_CAPS.perTask,
      })
    },
    async onUnreadableResult(probeId, taskId) {
      if (taskId) await refuse(probeId, taskId, 'it does not follow the protocol')
    },
    async onReady(probeId, knownTasks) {
      for (const taskId of await store.probeTasks(probeId)) {
        if (knownTasks.includes(taskId)) continue
        const task = parseTaskId(taskId)
        const row = task && (await store.row(task.measurementId, task.index))
        if (task && row?.status === 'in-progress' && row.probe.id === probeId) {
          await store.settleRow(task.measurementId, task.index, lostOutcome(row.probe))
          await finishIfDone(task.measurementId)
        }
        await store.removeProbeTask(probeId, taskId)
      }
    },
  }
}

/** What other modules of this process use: measurements made on an account's behalf (DNS monitors). */
export interface MeasurementsHandle {
  service: MeasurementService
}

export async function registerMeasurements(app: FastifyInstance, deps: MeasurementsDeps): Promise<MeasurementsHandle> {
  const { config } = deps
  const settings = config.measurements
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined
  const store = redis
    ? createRedisMeasurementStore(redis.commands, { ttlMs: settings.ttlMs })
    : createMemoryMeasurementStore({ ttlMs: settings.ttlMs })
  const directory = redis ? createRedisProbeDirectory(redis.commands) : createMemoryProbeDirectory()
  const timeouts = redis ? createRedisProbeTimeouts(redis.commands) : createMemoryProbeTimeouts()
  const localProbe = settings.localProbe.enabled
    ? await createLocalProbe({
        registry: deps.registry,
        net: deps.net,
        serverName: config.serverName,
        settings: settings.localProbe,
      })
    : undefined
  const finishIfDone = createMeasurementFinisher({
    store,
    runs: deps.runs,
    history: deps.history,
    serverName: config.serverName,
    log: app.log,
  })
  const tokens = createProbeTokenCheck(settings.probeTokens, createProbeTokensRepository(deps.database.db))
  const probeServer = attachProbeServer(app.server, {
    tokens,
    directory,
    handlers: probeHandlers({ store, finishIfDone, registry: deps.registry, log: app.log, metrics: deps.metrics }),
    log: app.log,
    adapter: redis ? createAdapter(redis.publish, redis.subscribe) : undefined,
    trustProxy: config.trustProxy,
  })
  const rowDeps: RowDispatchDeps = {
    store,
    directory,
    channel: probeServer.channel,
    localProbe,
    probeLostMs: settings.probeLostMs,
    finishIfDone,
    async onProbeTimeout(probe) {
      deps.metrics.observeProbeTimeout(probe.name)
      await timeouts.record(probe.id)
    },
  }
  const work = (row: Parameters<typeof dispatchRow>[0]) => dispatchRow(row, rowDeps)
  const dispatcher: Dispatcher = redis
    ? createQueueDispatcher(work, {
        connection: redis.commands,
        workerConnection: redis.worker,
        concurrency: settings.workers,
        lockMs: settings.jobLockMs,
        log: app.log,
      })
    : createMemoryDispatcher(work, app.log)
  const listProbes = async (options?: { recent?: boolean }): Promise<ProbeInfo[]> => [
    ...(localProbe ? [localProbe.info] : []),
    ...(await directory.list(options)),
  ]
  const probeTimeouts = () => timeouts.counts()
  // While Redis is away the scrape still answers (the dependency gauge tells why the counts are empty).
  deps.metrics.connectedProbes(async () =>
    (await directory.list().catch(() => [])).map(({ country, asn }) => ({ country, asn })),
  )
  await app.register(measurementRoutes, {
    store,
    dispatcher,
    listProbes,
    probeTimeouts,
    registry: deps.registry,
    admission: deps.admission,
    currentUser: deps.currentUser,
    maxProbes: settings.maxProbes,
  })
  app.addHook('onClose', async () => {
    await probeServer.close()
    await dispatcher.close()
    await store.close()
    await redis?.close()
  })
  const service = createMeasurementService({
    store,
    dispatcher,
    registry: deps.registry,
    listProbes,
    probeTimeouts,
    admission: deps.admission,
    maxProbes: settings.maxProbes,
    probeLostMs: settings.probeLostMs,
  })
  return { service }
}
