// Requests to /api/ with "Authorization: Bearer <token>" act as the token's account. An unknown or
// revoked token, and an expired one, is refused with 401 before the route runs; a token without the
// scope the route needs (route-scopes.ts) with 403 naming it. A request without a token is left to
// the session cookie. (/api/auth/* is better-auth's own and never takes API tokens.) Whether a
// request is an API request is decided on the route that will handle it, not on how its path is
// spelled.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { normalisedPath, routeScopeOf } from '../../plugins/route-scope.ts'
import type { TokenOwner, TokensRepository } from './repository.ts'
import { scopesNeeded } from './route-scopes.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The account of a valid API token sent with the request; null without one. */
    apiTokenOwner: TokenOwner | null
  }
}

/** The token of an "Authorization: Bearer …" header, or undefined. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? ''
}

function refuse(reply: FastifyReply, status: 401 | 403, challenge: string, type: string, message: string) {
  return reply.code(status).header('www-authenticate', challenge).send({ error: { type, message } })
}

/** "27 November 2026 (2026-11-27T12:00:00.000Z)". */
function inWordsAndIso(iso: string): string {
  const words = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
  return `${words} (${iso})`
}

export function registerBearerAuth(app: FastifyInstance, tokens: TokensRepository) {
  app.decorateRequest('apiTokenOwner', null)
  app.addHook('onRequest', async (request, reply) => {
    if (routeScopeOf(request) !== 'api') return
    const token = bearerTokenOf(request)
    if (token === undefined) return
    const found = token ? await tokens.lookUp(token) : ({ kind: 'unknown' } as const)
    if (found.kind === 'unknown') {
      return refuse(
        reply,
        401,
        'Bearer error="invalid_token"',
        'invalid_token',
        'This API token is unknown or has been revoked. Create a new one on your dashboard.',
      )
    }
    if (found.kind === 'expired') {
      return refuse(
        reply,
        401,
        'Bearer error="invalid_token", error_description="The token expired"',
        'token_expired',
        `This API token expired on ${inWordsAndIso(found.expiresAt)}. Create a new one on your dashboard.`,
      )
    }
    const route = request.routeOptions.url ?? normalisedPath(request.url)
    const missing = scopesNeeded(request.method, route).filter((scope) => !found.scopes.includes(scope))
    if (missing.length > 0) {
      const list = missing.join(' ')
      return refuse(
        reply,
        403,
        `Bearer error="insufficient_scope", scope="${list}"`,
        'insufficient_scope',
        `This API token lacks the scope ${missing.map((s) => `"${s}"`).join(', ')} needed for ${request.method} ${route}. Create a token with ${missing.length > 1 ? 'these scopes' : 'this scope'} on your dashboard.`,
      )
    }
    request.apiTokenOwner = found.owner
  })
}
