// GET /healthz: 200 when the server and its database are usable, 503 "degraded" otherwise.
import type { FastifyInstance } from 'fastify'

export async function healthRoutes(app: FastifyInstance, options: { pingDatabase(): Promise<boolean> }) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const database = await options.pingDatabase().catch(() => false)
    return reply
      .code(database ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: database ? 'ok' : 'degraded', database: database ? 'ok' : 'unavailable' })
  })
}
