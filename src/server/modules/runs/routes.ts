// POST /api/results (share a run), GET/PATCH/DELETE /api/results/:id. A share always holds the
// server's own stored answer: the client names a run by its unguessable runId, never sends a result.
// Who may act: the signed-in account that ran the tool; for an anonymous run whoever holds its
// runId shares it and gets a deleteToken to unshare it. A run is shared once: sharing it again gives
// the same permalink and leaves the first deleteToken valid.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  pinRequest,
  resultPath,
  type SharedResult,
  shareCreated,
  sharedResult,
  shareRequest,
} from '../../../shared/results.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import { type RunsRepository, randomId, type StoredRun, sha256Hex } from './repository.ts'
import { resultPageRoute } from './result-page-route.ts'
import type { ResultsRetention } from './retention.ts'

export interface ResultRoutesOptions {
  runs: RunsRepository
  retention: ResultsRetention
  currentUser: CurrentUser
  publicUrl: string
  /** The built web app; with it, /r/:id pages are served with each result's own head. */
  webDist?: string
}

const params = z.object({ id: z.string().max(100) })
const deleteQuery = z.object({ deleteToken: z.string().max(200).optional() })

function fail(reply: FastifyReply, status: 403 | 404, type: string, message: string) {
  return reply.code(status).send({ error: { type, message } })
}

const SHARE_NOT_FOUND = 'This shared result does not exist, was unshared or has expired'

export function toSharedResult(run: StoredRun, expiresAt: string | null): SharedResult {
  const { tool, input, status, result, lines, durationMs, failureSource, error, options } = run.answer
  return {
    id: run.shareId ?? '',
    tool,
    input,
    status,
    result,
    lines,
    durationMs,
    ...(failureSource ? { failureSource } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(options !== undefined ? { options } : {}),
    createdAt: run.createdAt,
    server: run.server,
    sharedAt: run.sharedAt ?? run.createdAt,
    pinned: run.pinned,
    expiresAt,
  }
}

function sameSecret(given: string | undefined, expectedHash: string | null): boolean {
  if (!given || !expectedHash) return false
  return timingSafeEqual(Buffer.from(sha256Hex(given)), Buffer.from(expectedHash))
}

export async function resultRoutes(app: FastifyInstance, options: ResultRoutesOptions) {
  const { runs, retention, currentUser } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const sharedView = (run: StoredRun) =>
    toSharedResult(run, retention.shareExpiresAt(run.sharedAt ?? run.createdAt, run.pinned))

  /** A share that exists and has not expired. */
  const liveShare = async (id: string): Promise<StoredRun | null> => {
    const run = await runs.findByShareId(id)
    if (!run?.sharedAt || !retention.isShareLive(run.sharedAt, run.pinned)) return null
    return run
  }
  if (options.webDist) {
    await resultPageRoute(app, {
      webDist: options.webDist,
      publicUrl: options.publicUrl,
      findShare: async (id) => {
        const run = await liveShare(id)
        return run ? sharedView(run) : null
      },
    })
  }
  const isOwner = async (request: FastifyRequest, run: StoredRun) =>
    run.userId !== null && (await currentUser(request))?.id === run.userId

  routes.post(
    '/api/results',
    {
      schema: {
        tags: ['results'],
        summary: 'Share a tool run: a permalink to the answer the server gave',
        description:
          'Pass the runId of a tool answer. Runs of a signed-in account can be shared only by that account; ' +
          'anonymous runs by whoever holds their runId, who gets a deleteToken to unshare. Unshared runs are ' +
          'kept for RUN_RETENTION_HOURS (24 by default). Sharing a run that is already shared answers 200 with ' +
          'the same permalink and alreadyShared: the deleteToken given the first time stays the valid one.',
        security: [{ bearerAuth: [] }, {}],
        body: shareRequest,
        response: { 200: shareCreated, 201: shareCreated, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const run = await runs.findByRunId(request.body.runId)
      if (!run) return fail(reply, 404, 'not_found', 'Unknown run: runs that are not shared are kept only for a while')
      if (run.userId !== null && !(await isOwner(request, run)))
        return fail(reply, 403, 'forbidden', 'Only the account that ran this tool can share its result')
      // A share that has expired but is not purged yet is replaced by a new one.
      if (run.shareId && !(await liveShare(run.shareId))) await runs.unshare(run.shareId)
      const deleteToken = run.userId === null ? randomId(24) : undefined
      const shared = await runs.share(run.runId, deleteToken ? sha256Hex(deleteToken) : null)
      const url = new URL(resultPath(shared.shareId), options.publicUrl).href
      const pinned = !shared.created && run.pinned
      const state = { expiresAt: retention.shareExpiresAt(shared.sharedAt, pinned), pinned }
      if (!shared.created) return reply.code(200).send({ id: shared.shareId, url, alreadyShared: true, ...state })
      return reply.code(201).send({ id: shared.shareId, url, ...(deleteToken ? { deleteToken } : {}), ...state })
    },
  )

  routes.get(
    '/api/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: 'A shared result',
        params,
        response: { 200: sharedResult, 404: errorBody },
      },
    },
    async (request, reply) => {
      const run = await liveShare(request.params.id)
      if (!run) return fail(reply, 404, 'not_found', SHARE_NOT_FOUND)
      reply.header('cache-control', 'no-store')
      return sharedView(run)
    },
  )

  routes.patch(
    '/api/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: 'Pin or unpin one of your shares (pinned shares never expire; unpinning starts the lifetime again)',
        security: [{ bearerAuth: [] }, {}],
        params,
        body: pinRequest,
        response: { 200: sharedResult, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const run = await liveShare(request.params.id)
      if (!run) return fail(reply, 404, 'not_found', SHARE_NOT_FOUND)
      if (!(await isOwner(request, run)))
        return fail(reply, 403, 'forbidden', 'Only the signed-in account that shared this result can pin it')
      await runs.setPinned(request.params.id, request.body.pinned)
      const updated = await runs.findByShareId(request.params.id)
      if (!updated) return fail(reply, 404, 'not_found', SHARE_NOT_FOUND)
      return sharedView(updated)
    },
  )

  routes.delete(
    '/api/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: 'Unshare a result: its permalink answers 404 from then on',
        description: 'The owner account, or for an anonymous share its deleteToken (query or X-Delete-Token header).',
        security: [{ bearerAuth: [] }, {}],
        params,
        querystring: deleteQuery,
        response: { 204: z.null(), 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const run = await liveShare(request.params.id)
      if (!run) return fail(reply, 404, 'not_found', SHARE_NOT_FOUND)
      const header = request.headers['x-delete-token']
      const token = request.query.deleteToken ?? (typeof header === 'string' ? header : undefined)
      const allowed = run.userId === null ? sameSecret(token, run.deleteTokenHash) : await isOwner(request, run)
      if (!allowed)
        return fail(
          reply,
          403,
          'forbidden',
          run.userId === null
            ? 'Unsharing this result needs the deleteToken given when it was shared'
            : 'Only the account that shared this result can unshare it',
        )
      await runs.unshare(request.params.id)
      return reply.code(204).send(null)
    },
  )
}
