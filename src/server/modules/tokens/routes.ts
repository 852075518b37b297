// POST /api/tokens, GET /api/tokens, DELETE /api/tokens/:id: a signed-in user's personal API tokens.
// Managed only from a browser session: a token cannot mint or revoke tokens, so a leaked token
// never outlives its own revocation.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiTokenList, createdToken, createTokenRequest } from '../../../shared/api-tokens.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { TokensRepository } from './repository.ts'

export interface TokenRoutesOptions {
  tokens: TokensRepository
  currentUser: CurrentUser
}

/** Each account may hold this many tokens. */
export const MAX_TOKENS_PER_USER = 20

export async function tokenRoutes(app: FastifyInstance, { tokens, currentUser }: TokenRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  /** The session's user, or a reply saying why there is none. */
  const sessionUser = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.apiTokenOwner) {
      reply.code(403).send({
        error: { type: 'forbidden', message: 'API tokens are managed on the website, not with an API token' },
      })
      return null
    }
    const user = await currentUser(request)
    if (!user) reply.code(401).send({ error: { type: 'unauthorized', message: 'Sign in to manage API tokens' } })
    return user
  }

  routes.post(
    '/api/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Create a personal API token (the secret is shown once)',
        description:
          'scopes: any of results:read, tools:run, monitors:manage (default: all of them); expiresInDays: 7, 30, ' +
          '90 or 365, or null for never (the default). A request with a token lacking the scope its route needs ' +
          'answers 403 insufficient_scope; an expired token answers 401 token_expired.',
        body: createTokenRequest,
        response: { 201: createdToken, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const user = await sessionUser(request, reply)
      if (!user) return reply
      if ((await tokens.listForUser(user.id)).length >= MAX_TOKENS_PER_USER) {
        return reply.code(409).send({
          error: { type: 'too_many_tokens', message: `You can have at most ${MAX_TOKENS_PER_USER} API tokens` },
        })
      }
      reply.header('cache-control', 'no-store')
      return reply.code(201).send(await tokens.create(user.id, request.body))
    },
  )

  routes.get(
    '/api/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Your API tokens, newest first (without their secrets)',
        response: { 200: apiTokenList, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const user = await sessionUser(request, reply)
      if (!user) return reply
      reply.header('cache-control', 'no-store')
      return { items: await tokens.listForUser(user.id) }
    },
  )

  routes.delete(
    '/api/tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Revoke one of your API tokens: requests with it answer 401 from then on',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const user = await sessionUser(request, reply)
      if (!user) return reply
      if (!(await tokens.revoke(request.params.id, user.id)))
        return reply.code(404).send({ error: { type: 'not_found', message: 'API token not found' } })
      return reply.code(204).send(null)
    },
  )
}
