// GET /metrics in Prometheus text format, kept off the public internet: on the main port only with
// `Authorization: Bearer <METRICS_TOKEN>`, and without a token only on METRICS_PORT (loopback by
// default). Also counts every answered request and every refused tool run.
import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Metrics } from './metrics.ts'

export interface MetricsOptions {
  metrics: Metrics
  /** Bearer token that opens /metrics on the main port; without it the route answers 404 there. */
  token?: string
  /** A separate port that serves /metrics without a token. */
  port?: number
  /** Where that port listens (default 127.0.0.1). */
  host: string
}

const TOOL_ROUTE = /^\/api\/tools\/([a-z-]+)$/

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? ''
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function listenSeparately(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n')
      return
    }
    const body = await metrics.registry.metrics()
    response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsOptions) {
  const { metrics, token } = options
  // Callback style: this runs on every request, and a promise per request costs more than the work.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.observeRequest(request.method, route, reply.statusCode)
    const tool = TOOL_ROUTE.exec(route)?.[1]
    if (tool && (reply.statusCode === 429 || reply.statusCode === 503)) metrics.observeRun(tool, 'refused', 0)
    done()
  })

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.code(404).send({ error: { type: 'not_found', message: 'Not found' } })
    if (!bearerMatches(request, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { type: 'unauthorized', message: 'The metrics need the Bearer token set in METRICS_TOKEN.' } })
    }
    const body = await metrics.registry.metrics()
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body)
  })

  if (options.port !== undefined) {
    const server = await listenSeparately(metrics, options.port, options.host)
    app.log.info({ address: server.address() }, 'metrics listening')
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    })
  }
}
