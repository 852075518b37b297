// Serves the built single-page app. Hashed assets go out precompressed (brotli or gzip, chosen by
// Accept-Encoding) and cached for a year. Each page's HTML carries its own head (page-html.ts) and
// its first screen: rendered by the app itself for the home and tool pages (page-render.ts), the
// header and heading otherwise (page-shell.ts); it starts the bundle (boot-script.ts: at once on a
// rendered page, after the first paint on an outlined one) and is revalidated on every visit
// (no-cache with an ETag). Unknown page paths get
// the 404 page's head with status 404. /robots.txt and /sitemap.xml come from the catalogue.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageHeadFor, publicPagePaths } from '../../shared/page-meta.ts'
import { startAfterFirstPaint } from './boot-script.ts'
import { etagOf, renderPageHtml, robotsTxt, sitemapXml } from './page-html.ts'
import { completeMarkup, isRenderedPage, loadPageRenderer, withRenderedPage } from './page-render.ts'
import { withPageShell } from './page-shell.ts'
import { originFormOf, routeScopeOf } from './route-scope.ts'

interface RenderedPage {
  html: string
  /** The same HTML compressed once, for browsers that accept it. */
  brotli: Buffer
  gzip: Buffer
  etag: string
  status: number
}

/** The encoding to send: brotli, then gzip, when the request accepts it (q=0 refuses). */
function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>()
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (allows('br')) return 'br'
  if (allows('gzip')) return 'gzip'
  return null
}

/**
 * The page's own stylesheet written into the HTML: one request fewer before the first paint (the
 * policy allows inline styles). Only stylesheets of the bundle, and only small ones, are inlined.
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g,
    (tag, href: string) => {
      const file = path.join(root, href)
      if (!file.startsWith(root + path.sep) || !existsSync(file)) return tag
      const css = readFileSync(file, 'utf8')
      return css.length > MAX_INLINE_CSS ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
    },
  )
}

/** A larger stylesheet is better cached on its own than sent with every page. */
const MAX_INLINE_CSS = 64 * 1024

export async function registerWeb(
  app: FastifyInstance,
  options: {
    webDist: string
    publicUrl: string
    reportIssueUrl?: string
    /** Whether a Cookie header carries a session cookie (auth's session-cookie.ts): a page drawn without one is signed out. */
    hasSessionCookie: (cookieHeader: string | undefined) => boolean
  },
) {
  const root = path.resolve(options.webDist)
  const indexFile = path.join(root, 'index.html')
  const hasBundle = existsSync(indexFile)
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // A route per file; the compressed copies beside them are found by preCompressed, not routed.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }
  const template = hasBundle ? startAfterFirstPaint(inlineStylesheets(readFileSync(indexFile, 'utf8'), root)) : null
  const renderPage = template ? await loadPageRenderer(root, (message) => app.log.warn(message)) : null
  const origin = new URL(options.publicUrl).origin
  const site = options.reportIssueUrl ? { reportIssueUrl: options.reportIssueUrl } : {}
  const pages = new Map<string, Promise<RenderedPage>>()

  async function buildPage(
    head: ReturnType<typeof pageHeadFor>,
    rendered: { signedOut: boolean } | null,
  ): Promise<RenderedPage> {
    const page = renderPageHtml(template ?? '', head, origin, site)
    let html = withPageShell(page, head)
    if (rendered && renderPage) {
      try {
        const markup = completeMarkup(await renderPage(head.path, { ...rendered, site }))
        html = withRenderedPage(page, head.path, markup, rendered.signedOut)
      } catch (error) {
        app.log.warn({ err: error, path: head.path }, 'page render failed; sending the page outline')
      }
    }
    return {
      html,
      brotli: brotliCompressSync(html),
      gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
      etag: etagOf(html),
      status: head.found ? 200 : 404,
    }
  }

  /**
   * Each page is built once per kind, on its first request: server-rendered (for visitors with and
   * without a session cookie) or, with a query string or for other pages, outlined.
   */
  const pageFor = (request: FastifyRequest, pathname: string): Promise<RenderedPage> | null => {
    if (!template) return null
    const head = pageHeadFor(pathname)
    const rendered =
      !request.url.includes('?') && isRenderedPage(head)
        ? { signedOut: !options.hasSessionCookie(request.headers.cookie) }
        : null
    const kind = rendered ? (rendered.signedOut ? 'signed-out' : 'session') : 'outline'
    const key = `${head.found ? head.path : '\u0000not-found'}\u0000${kind}`
    let page = pages.get(key)
    if (!page) {
      page = buildPage(head, rendered)
      pages.set(key, page)
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    // The path of an absolute-form target (http://host/dns-lookup) is its page's path.
    const pathname = originFormOf(request.url).split('?')[0] ?? '/'
    // Only GET and HEAD get a page; an API path, however it is spelled, gets the API's JSON 404.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && routeScopeOf(request) === 'pages'
    if (!isPage) {
      return reply
        .code(404)
        .send({ error: { type: 'not_found', message: `No route for ${request.method} ${pathname}` } })
    }
    const building = pageFor(request, pathname)
    if (!building) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web bundle is not built. Run "npm start" to build and serve it.')
    }
    const page = await building
    reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding, cookie')
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send()
    reply.code(page.status).type('text/html; charset=utf-8')
    const encoding = pickEncoding(request.headers['accept-encoding'])
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli)
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip)
    return reply.send(page.html)
  })
}
