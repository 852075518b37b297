// Serves the built single-page app; unknown page paths get index.html with status 404.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { isKnownPagePath } from '../../shared/site-paths.ts'

export async function registerWeb(app: FastifyInstance, options: { webDist: string }) {
  const root = path.resolve(options.webDist)
  const indexFile = path.join(root, 'index.html')
  const hasBundle = existsSync(indexFile)
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }
  const indexHtml = hasBundle ? readFileSync(indexFile, 'utf8') : null
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api'
    if (!isPage) {
      return reply
        .code(404)
        .send({ error: { type: 'not_found', message: `No route for ${request.method} ${pathname}` } })
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web bundle is not built. Run "npm start" to build and serve it.')
    }
    return reply
      .code(isKnownPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml)
  })
}
