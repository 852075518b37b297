// GET /api/history, DELETE /api/history/:id and POST /api/history/:id/restore, always filtered by
// the signed-in user's id. A delete takes effect at once (the entry is hidden everywhere); a restore
// within HISTORY_RESTORE_MS brings it back; the results retention job purges it after that.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HISTORY_LIMIT, HISTORY_RESTORE_MS, historyList, historyMessages } from '../../../shared/history.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { ToolResultsRepository } from './repository.ts'

export interface HistoryRoutesOptions {
  history: ToolResultsRepository
  currentUser: CurrentUser
  now?: () => Date
}

function signedOut(reply: FastifyReply) {
  return reply.code(401).send({ error: { type: 'unauthorized', message: 'Sign in to view your history' } })
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: { type: 'not_found', message: historyMessages.notFound } })
}

const params = z.object({ id: z.string().max(100) })

export async function historyRoutes(
  app: FastifyInstance,
  { history, currentUser, now = () => new Date() }: HistoryRoutesOptions,
) {
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
        description:
          'The result is gone from your history at once; POST /api/history/:id/restore brings it back for 10 minutes.',
        params,
        response: { 204: z.null(), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request)
      if (!user) return signedOut(reply)
      const deleted = await history.deleteForUser(request.params.id, user.id)
      if (!deleted) return notFound(reply)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/history/:id/restore',
    {
      schema: {
        tags: ['history'],
        summary: 'Restore one of your deleted tool results (Undo)',
        description: 'Answers 410 when the result was deleted more than 10 minutes ago.',
        params,
        response: { 204: z.null(), 401: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request)
      if (!user) return signedOut(reply)
      const since = new Date(now().getTime() - HISTORY_RESTORE_MS)
      const outcome = await history.restoreForUser(request.params.id, user.id, since)
      if (outcome === 'not_found') return notFound(reply)
      if (outcome === 'expired')
        return reply.code(410).send({ error: { type: 'restore_expired', message: historyMessages.restoreExpired } })
      return reply.code(204).send(null)
    },
  )
}
