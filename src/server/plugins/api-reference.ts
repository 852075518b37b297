// The API reference page (/docs/api): Scalar's standalone bundle renders GET /api/openapi.json,
// with each operation's curl example (x-codeSamples). Everything is served from our own origin, so
// the pages' Content-Security-Policy holds unchanged: scripts from 'self', the document fetched
// from 'self', and Scalar's web fonts turned off (the policy allows fonts from 'self' only).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'

export const API_REFERENCE_PATH = '/docs/api'

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>API reference | NetToolbox</title>
    <meta name="description" content="Every NetToolbox API endpoint: tools, shared results and API tokens, with curl examples." />
    <meta name="robots" content="index, follow" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <div id="api-reference-root"></div>
    <script src="${API_REFERENCE_PATH}/scalar.js"></script>
    <script src="${API_REFERENCE_PATH}/init.js"></script>
  </body>
</html>
`

const INIT = `Scalar.createApiReference('#api-reference-root', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  // Features that call Scalar's hosted services: this page talks to our own origin only.
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  metaData: { title: 'API reference | NetToolbox' },
})
`

export async function apiReferenceRoutes(app: FastifyInstance) {
  const require = createRequire(import.meta.url)
  // The package exports no path to its browser bundle; it sits beside the main entry (dist/).
  const bundleFile = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js')
  // The bundle is large (about 4 MB): read and compressed once, on its first request.
  let bundle: { raw: Buffer; gzip: Buffer } | undefined
  const bundleOf = () => {
    if (!bundle) {
      const raw = readFileSync(bundleFile)
      bundle = { raw, gzip: gzipSync(raw, { level: 6 }) }
    }
    return bundle
  }

  app.get(API_REFERENCE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  )
  app.get(`${API_REFERENCE_PATH}/init.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  )
  app.get(`${API_REFERENCE_PATH}/scalar.js`, { schema: { hide: true } }, async (request, reply) => {
    const { raw, gzip } = bundleOf()
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'accept-encoding')
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('content-encoding', 'gzip').send(gzip)
    return reply.send(raw)
  })
}
