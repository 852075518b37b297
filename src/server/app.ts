// buildApp(config, deps): the whole Fastify application, identical in tests and production.
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { createNet, type Net } from '../diagnostics/net/net.ts'
import { createRegistry } from '../diagnostics/registry.ts'
import type { ToolAnswer } from '../shared/tools/tool-answer.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import { registerAccounts } from './modules/auth/accounts.ts'
import { hasSessionCookie } from './modules/auth/session-cookie.ts'
import { bulkRoutes } from './modules/bulk/routes.ts'
import { createPosthogForwarder } from './modules/events/posthog.ts'
import { createEventsRepository } from './modules/events/repository.ts'
import { eventRoutes } from './modules/events/routes.ts'
import { createDataDirProbe } from './modules/health/data-dir-probe.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { ipRoutes } from './modules/ip/routes.ts'
import { clientAddressKey } from './modules/limits/client-key.ts'
import { registerLimits } from './modules/limits/register-limits.ts'
import { registerMeasurements } from './modules/measurements/register-measurements.ts'
import { createMetrics, type Metrics } from './modules/metrics/metrics.ts'
import { metricsRoutes } from './modules/metrics/routes.ts'
import { type MonitorsOptions, registerMonitors } from './modules/monitors/register-monitors.ts'
import { createPhoneReportsRepository } from './modules/phone/reports-repository.ts'
import { phoneRoutes } from './modules/phone/routes.ts'
import { createRunRecorder } from './modules/runs/record-run.ts'
import { createRunsRepository } from './modules/runs/repository.ts'
import { createResultsRetention } from './modules/runs/retention.ts'
import { resultRoutes } from './modules/runs/routes.ts'
import { createToolResultsRepository } from './modules/saved-results/repository.ts'
import { historyRoutes } from './modules/saved-results/routes.ts'
import { createAnswerSaver, createHistorySaver } from './modules/saved-results/save-answer.ts'
import { securityTxtRoutes } from './modules/security-txt/routes.ts'
import { speedRoutes } from './modules/speed/routes.ts'
import { toolRoutes } from './modules/tools/routes.ts'
import { createGuardedServer, guardConnections } from './plugins/connection-guard.ts'
import { frameworkErrorAnswer, registerErrorHandling } from './plugins/errors.ts'
import { registerJsonBodyParser } from './plugins/json-body.ts'
import { openApiRoute, registerOpenApi } from './plugins/openapi.ts'
import { routeScopeOf } from './plugins/route-scope.ts'
import { registerSameOriginRule } from './plugins/same-origin.ts'
import { securityHeaders } from './plugins/security-headers.ts'
import { registerWeb } from './plugins/web.ts'
import { createShutdownNotice } from './shutdown/shutdown-notice.ts'

export interface AppDeps {
  database: DatabaseHandle
  /** Outbound network facade; built from config when absent. */
  net?: Net
  /** Pino logger options or false; defaults to config.logLevel. */
  logger?: boolean | object
  /** Monitors: a clock and polling period other than the real ones (tests). */
  monitors?: MonitorsOptions
}

/**
 * Stated rather than left to defaults: /api/tokens/, //api/tokens, /API/tokens and /api/tokens;x
 * match no route (404); they are not other names for /api/tokens. (find-my-way reads
 * useSemicolonDelimiter; Fastify's type of these options omits it.)
 */
const ONE_SPELLING_PER_ROUTE = {
  caseSensitive: true,
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  useSemicolonDelimiter: false,
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const headers = securityHeaders({ https: config.publicUrl.startsWith('https://') })
  const root = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // A hop count is valid at run time (proxy-addr); Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 64 * 1024,
    requestTimeout: 120_000,
    serverFactory: (handler) => createGuardedServer(handler, config.connections, 120_000),
    frameworkErrors: frameworkErrorAnswer(headers.api),
    routerOptions: ONE_SPELLING_PER_ROUTE,
    // GET /api/ip is the busiest route by far (scripts poll it): its requests are not logged one by
    // one.
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) =>
        request.url === '/api/ip' || request.url?.startsWith('/api/ip?') === true,
    }),
  })
  guardConnections(root.server, config.connections, root.log, {
    clientKey: clientAddressKey,
    perClientApplies: config.trustProxy === false,
  })
  root.setValidatorCompiler(validatorCompiler)
  root.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(root)
  registerJsonBodyParser(root)
  // Announced when the shutdown grace is over (src/server/shutdown/graceful-stop.ts).
  root.decorate('shutdownNotice', createShutdownNotice())
  await registerOpenApi(root)

  const metrics = createMetrics()
  metrics.gauge('dependency', async () => ({ database: (await deps.database.ping().catch(() => false)) ? 1 : 0 }))
  // The hot path, GET /api/ip, lives beside the rest of the site, not inside it: the root has no
  // request hooks (Fastify hands a context's hooks down to the contexts inside it, never to its
  // siblings), so none of the site's hooks runs for this route. It needs none of them: it sets the
  // API security headers and counts its answers itself; the same-origin rule, API tokens and
  // sessions concern requests that change or read an account's data, and it has none; no rate
  // budget applies to it, since answering costs less than counting would (docs/operations.md), and
  // the connection guard caps each client's connections; its requests are not logged (above).
  await root.register(ipRoutes, { headers: headers.api, countOk: metrics.tallyOk('/api/ip') })
  await root.register(async (app) => registerSite(app, config, deps, { metrics, headers }))
  root.addHook('onClose', async () => {
    await deps.database.close()
  })
  return root
}

/**
 * Every route but the hot path, with the hooks they share: security headers, the same-origin rule,
 * request metrics, API tokens and sessions, rate limits; also the pages and the 404 answers.
 */
async function registerSite(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
  { metrics, headers }: { metrics: Metrics; headers: ReturnType<typeof securityHeaders> },
) {
  const net =
    deps.net ??
    createNet({
      targetAllow: config.targetAllow,
      dnsServers: config.dnsServers,
      packetsPerDestination: config.dnsPacketsPerDestination,
    })
  // Called directly (not registered) so that its hooks see every route of the site.
  await metricsRoutes(app, { metrics, ...config.metrics })
  app.addHook('onRequest', (request, reply, done) => {
    // Decided on the route that will answer, however the request spells its path (route-scope.ts).
    reply.headers(routeScopeOf(request) === 'pages' ? headers.pages : headers.api)
    done()
  })
  registerSameOriginRule(app, { trustedOrigins: config.trustedOrigins })

  await app.register(healthRoutes, {
    pingDatabase: () => deps.database.ping(),
    probeDataDir: createDataDirProbe(config.dataDir),
  })
  const accounts = await registerAccounts(app, { config, database: deps.database })
  // One history: the tools, the speed test and the phone lookup save to it; its routes list and delete.
  const history = createToolResultsRepository(deps.database.db)
  await app.register(historyRoutes, { history, currentUser: accounts.currentUser })
  const saver = createHistorySaver(history)
  const saveAnswer = createAnswerSaver(saver, accounts.currentUser)
  const admission = await registerLimits(app, { config, currentUser: accounts.currentUser, metrics })
  // Every finished run is stored for a while so that it can be shared (src/server/modules/results).
  const runs = createRunsRepository(deps.database.db)
  const retention = createResultsRetention(runs, config.results, { log: app.log, history })
  retention.start()
  app.addHook('onClose', async () => retention.stop())
  const recordRun = createRunRecorder(runs, accounts.currentUser, config.serverName)
  const registry = createRegistry(config)
  const onAnswer = async (request: FastifyRequest, answer: ToolAnswer, options?: unknown) => {
    metrics.observeRun(answer.tool, answer.status, answer.durationMs, answer.failureSource)
    // The run first: the history entry keeps its runId (for its share and pin).
    await recordRun(request, answer, options)
    await saveAnswer(request, answer, options)
  }
  await app.register(toolRoutes, { net, registry, onAnswer })
  // Many inputs at once, each admitted like a single run (src/server/modules/bulk).
  await app.register(bulkRoutes, {
    net,
    registry,
    admission,
    onAnswer,
    maxInputs: config.bulk.maxInputs,
    concurrency: Math.min(config.bulk.concurrency, config.limits.concurrentPerClient),
  })
  // Measurements from probes, the site's own included (src/server/modules/measurements, docs/probes.md).
  const measurements = await registerMeasurements(app, {
    config,
    net,
    registry,
    admission,
    currentUser: accounts.currentUser,
    runs,
    history,
    database: deps.database,
    metrics,
  })
  // Scheduled checks of signed-in accounts, with alerts (src/server/modules/monitors, docs/monitors.md).
  await registerMonitors(app, {
    config,
    database: deps.database,
    net,
    registry,
    admission,
    runs,
    currentUser: accounts.currentUser,
    metrics,
    measurements: measurements.service,
    options: deps.monitors,
  })
  await app.register(resultRoutes, {
    runs,
    retention,
    currentUser: accounts.currentUser,
    publicUrl: config.publicUrl,
    webDist: config.webDist,
  })
  // security.txt only names a contact the operator gave: no contact, no file (RFC 9116 requires one).
  if (config.securityContact)
    await app.register(securityTxtRoutes, { contact: config.securityContact, publicUrl: config.publicUrl })
  await app.register(speedRoutes, {
    maxBytes: config.speedMaxBytes,
    bytesPerMinute: config.limits.speedBytesPerMinute,
    serverName: config.speedServerName,
    currentUser: accounts.currentUser,
    history: saver,
    onBytes: (direction, bytes) => metrics.observeSpeedBytes(direction, bytes),
  })
  await app.register(phoneRoutes, {
    reports: createPhoneReportsRepository(deps.database.db),
    history: saver,
    currentUser: accounts.currentUser,
    reportsPerHour: config.phoneReportsPerHour,
  })
  await app.register(eventRoutes, {
    events: createEventsRepository(deps.database.db),
    currentUser: accounts.currentUser,
    forward: config.posthog && createPosthogForwarder(config.posthog),
  })
  openApiRoute(app, { publicUrl: config.publicUrl })
  await registerWeb(app, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    reportIssueUrl: config.reportIssueUrl,
    hasSessionCookie,
  })
}
