// GET /healthz: 200 when the server, its database and its data directory are usable; 503 "degraded"
// otherwise, with the part that is not ("database": "unavailable", "dataDirectory": "unwritable").
import type { FastifyInstance } from 'fastify'

export interface HealthOptions {
  pingDatabase(): Promise<boolean>
  /** Whether DATA_DIR takes writes (data-dir-probe.ts). */
  probeDataDir(): Promise<boolean>
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, dataDir] = await Promise.all([
      options.pingDatabase().catch(() => false),
      options.probeDataDir().catch(() => false),
    ])
    const ok = database && dataDir
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'degraded',
        database: database ? 'ok' : 'unavailable',
        dataDirectory: dataDir ? 'ok' : 'unwritable',
      })
  })
}
