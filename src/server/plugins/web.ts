// Serves the built single-page app. Hashed assets go out precompressed (brotli or gzip, chosen by
// Accept-Encoding) and cached for a year; each page's HTML carries its own head (page-html.ts),
// is revalidated on every visit (no-cache with an ETag), and unknown page paths get the 404 page's
// head with status 404. /robots.txt and /sitemap.xml come from the catalogue.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageHeadFor, publicPagePaths } from '../../shared/page-meta.ts'
import { etagOf, renderPageHtml, robotsTxt, sitemapXml } from './page-html.ts'

interface RenderedPage {
  html: string
  etag: string
  status: number
}

export async function registerWeb(app: FastifyInstance, options: { webDist: string; publicUrl: string }) {
  const root = path.resolve(options.webDist)
  const indexFile = path.join(root, 'index.html')
  const hasBundle = existsSync(indexFile)
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }
  const template = hasBundle ? readFileSync(indexFile, 'utf8') : null
  const origin = new URL(options.publicUrl).origin
  const rendered = new Map<string, RenderedPage>()
  /** Each path's page is rendered once, on its first request. */
  const pageFor = (pathname: string): RenderedPage | null => {
    if (!template) return null
    const head = pageHeadFor(pathname)
    const key = head.found ? head.path : '\u0000not-found'
    let page = rendered.get(key)
    if (!page) {
      const html = renderPageHtml(template, head, origin)
      page = { html, etag: etagOf(html), status: head.found ? 200 : 404 }
      rendered.set(key, page)
    }
    return page
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)),
  )
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(origin, publicPagePaths())),
  )

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api'
    if (!isPage) {
      return reply
        .code(404)
        .send({ error: { type: 'not_found', message: `No route for ${request.method} ${pathname}` } })
    }
    const page = pageFor(pathname)
    if (!page) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web bundle is not built. Run "npm start" to build and serve it.')
    }
    reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding')
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send()
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.html)
  })
}
