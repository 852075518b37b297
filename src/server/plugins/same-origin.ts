// The one CSRF rule of the API: a state-changing request (anything but GET, HEAD, OPTIONS) to an API
// route (under /api/, better-auth's included) that a browser sends must come from our own origin. The
// route is the one that will handle the request, however its path is spelled (route-scope.ts). Browsers say where a request comes
// from (Sec-Fetch-Site, Origin); a request with neither header is not a browser's cross-site request
// (curl, scripts) and carries no ambient cookies to abuse. Nor is a request with an Authorization:
// Bearer header (an API token): a browser cannot add that header to a cross-site request without a
// CORS preflight, which this server never grants, and the token, not a cookie, says who is asking.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { routeScopeOf } from './route-scope.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Only configured origins are trusted (PUBLIC_URL and ALLOWED_ORIGINS), never one derived from the
 * request's own Host header, which whoever sends the request chooses.
 */
export function isSameOriginRequest(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.origin
  if (origin === undefined) return true
  return trustedOrigins.has(origin)
}

export function registerSameOriginRule(app: FastifyInstance, { trustedOrigins }: { trustedOrigins: string[] }) {
  const trusted = new Set(trustedOrigins)
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done()
    const scope = routeScopeOf(request)
    if (scope === 'pages') return done()
    // An API token's request (validated by modules/tokens/bearer.ts); /api/auth/* never takes tokens.
    if (scope === 'api' && /^Bearer\s/i.test(request.headers.authorization ?? '')) return done()
    if (isSameOriginRequest(request, trusted)) return done()
    // A reply sent from a callback-style hook ends the request; done() is not called.
    reply.code(403).send({ error: { type: 'cross_origin_request', message: 'Cross-origin requests are not allowed' } })
  })
}
