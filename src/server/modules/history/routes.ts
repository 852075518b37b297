// GET /api/history and DELETE /api/history/:id, always filtered by the signed-in user's id.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HISTORY_LIMIT, historyList } from '../../../shared/history.ts'
import { errorBody } from '../../../shared/tools/common.ts'
import type { CurrentUser } from '../auth/session.ts'
import type { ToolResultsRepository } from './repository.ts'

export interface HistoryRoutesOptions {
  history: ToolResultsRepository
  currentUser: CurrentUser
}

function signedOut(reply: FastifyReply) {
  return reply.code(401).send({ error: { type: 'unauthorized', message: 'Sign in to view your history' } })
}

export async function historyRoutes(app: FastifyInstance, { history, currentUser }: HistoryRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(
    '/api/history',
    {
      schema: {
        tags: ['history'],
        summary: 'Your saved tool results, newest first',
        response: { 200: historyList, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request)
      if (!user) return signedOut(reply)
      const rows = await history.listForUser(user.id, HISTORY_LIMIT)
      reply.header('cache-control', 'no-store')
      return { items: rows.map(({ userId: _owner, ...item }) => item) }
    },
  )

  routes.delete(
    '/api/history/:id',
    {
      schema: {
        tags: ['history'],
        summary: 'Delete one of your saved tool results',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request)
      if (!user) return signedOut(reply)
      const deleted = await history.deleteForUser(request.params.id, user.id)
      if (!deleted) return reply.code(404).send({ error: { type: 'not_found', message: 'Result not found' } })
      return reply.code(204).send(null)
    },
  )
}
