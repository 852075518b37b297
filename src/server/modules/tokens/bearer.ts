// Requests to /api/ with "Authorization: Bearer <token>" act as the token's account. An unknown or
// revoked token is refused with 401 before the route runs; a request without one is left to the
// session cookie. (/api/auth/* is better-auth's own and never takes API tokens.) Whether a request is
// an API request is decided on the route that will handle it, not on how its path is spelled.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { routeScopeOf } from '../../plugins/route-scope.ts'
import type { TokenOwner, TokensRepository } from './repository.ts'

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

export function registerBearerAuth(app: FastifyInstance, tokens: TokensRepository) {
  app.decorateRequest('apiTokenOwner', null)
  app.addHook('onRequest', async (request, reply) => {
    if (routeScopeOf(request) !== 'api') return
    const token = bearerTokenOf(request)
    if (token === undefined) return
    const owner = token ? await tokens.ownerOf(token) : null
    if (!owner) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({
          error: {
            type: 'invalid_token',
            message: 'This API token is unknown or has been revoked. Create a new one on your dashboard.',
          },
        })
    }
    request.apiTokenOwner = owner
  })
}
