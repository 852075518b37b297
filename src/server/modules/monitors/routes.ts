// /api/monitors: a signed-in account's monitors (docs/monitors.md). Only the owner sees or changes a
// monitor: another account gets 403, an unknown id 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  checksQuery,
  createdMonitor,
  createMonitorRequest,
  monitorChecks,
  monitorEvents,
  monitorItem,
  monitorList,
  monitorMessages,
  rotatedSecret,
  updateMonitorRequest,
} from '../../../shared/monitors.ts'
import { resultPath } from '../../../shared/results.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { SessionUser } from '../../current-user.ts'

import type { MonitorContext } from './context.ts'
import { createMonitor, newWebhookSecret } from './create-monitor.ts'
import { MonitorInputError } from './monitor-input.ts'
import type { MonitorRecord } from './monitors-repository.ts'
import { updateMonitor } from './update-monitor.ts'

const params = z.object({ id: z.string().max(100) })
const DAY = 86_400_000
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody }

/**
 * POST and PATCH bodies are checked by createMonitor and updateMonitor, which name the field at
 * fault (a union's own message would not); their schemas document them.
 */
const passThrough = () => (data: unknown) => ({ value: data })

export async function monitorRoutes(app: FastifyInstance, ctx: MonitorContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { monitors, checks } = ctx

  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> => {
    const user = await ctx.currentUser(request)
    if (!user) reply.code(401).send({ error: { type: 'unauthorized', message: monitorMessages.signIn } })
    reply.header('cache-control', 'no-store')
    return user
  }

  /** The caller's monitor, or null after answering 401, 403 or 404. */
  const owned = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = await signedIn(request, reply)
    if (!user) return null
    const monitor = await monitors.findById(request.params.id)
    if (!monitor) {
      reply.code(404).send({ error: { type: 'not_found', message: monitorMessages.notFound } })
      return null
    }
    if (monitor.userId !== user.id) {
      reply.code(403).send({ error: { type: 'forbidden', message: monitorMessages.forbidden } })
      return null
    }
    return { user, monitor }
  }

  const item = async (monitor: MonitorRecord) => ctx.toItem(monitor, await monitors.isBlocked(monitor.userId))

  const answerError = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof MonitorInputError)) throw error
    return reply.code(error.status).send({ error: { type: error.type, message: error.message } })
  }

  routes.get(
    '/api/monitors',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Your monitors with their state',
        response: { 200: monitorList, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply)
      if (!user) return reply
      const blocked = await monitors.isBlocked(user.id)
      const records = await monitors.listByUser(user.id)
      return {
        items: await Promise.all(records.map((m) => ctx.toItem(m, blocked))),
        limits: { maxMonitors: ctx.settings.maxPerUser, minIntervalMinutes: ctx.settings.minIntervalMinutes },
      }
    },
  )

  routes.post(
    '/api/monitors',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Create a monitor, from kind and target or from a stored run (fromRunId)',
        body: createMonitorRequest,
        response: { 201: createdMonitor, ...errors, 409: errorBody },
      },
      validatorCompiler: passThrough,
    },
    async (request, reply) => {
      const user = await signedIn(request, reply)
      if (!user) return reply
      try {
        const { monitor, secret } = await createMonitor(ctx, user, request.body)
        return reply.code(201).send({ ...(await item(monitor)), webhookSecret: secret })
      } catch (error) {
        return answerError(reply, error)
      }
    },
  )

  routes.get(
    '/api/monitors/:id',
    {
      schema: {
        tags: ['monitors'],
        summary: 'One of your monitors',
        params,
        response: { 200: monitorItem, ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      return found ? item(found.monitor) : reply
    },
  )

  routes.patch(
    '/api/monitors/:id',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Change a monitor (not its kind); a new target or DNS type records a new baseline',
        params,
        body: updateMonitorRequest,
        response: { 200: monitorItem, ...errors },
      },
      validatorCompiler: passThrough,
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      try {
        return await item(await updateMonitor(ctx, found.monitor, request.body))
      } catch (error) {
        return answerError(reply, error)
      }
    },
  )

  routes.delete(
    '/api/monitors/:id',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Delete a monitor with its history',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      await monitors.remove(found.monitor.id)
      await ctx.scheduler().removed(found.monitor.id)
      return reply.code(204).send(null)
    },
  )

  for (const action of ['pause', 'resume'] as const) {
    routes.post(
      `/api/monitors/:id/${action}`,
      {
        schema: {
          tags: ['monitors'],
          summary: action === 'pause' ? 'Pause a monitor: no checks, no alerts' : 'Resume a paused monitor',
          params,
          response: { 200: monitorItem, ...errors },
        },
      },
      async (request, reply) => {
        const found = await owned(request, reply)
        if (!found) return reply
        return item(await updateMonitor(ctx, found.monitor, { paused: action === 'pause' }))
      },
    )
  }

  routes.post(
    '/api/monitors/:id/webhook-secret',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Replace the webhook signing secret (shown this once)',
        params,
        response: { 200: rotatedSecret, ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      const webhookSecret = newWebhookSecret()
      await monitors.update(found.monitor.id, { webhookSecret }, ctx.clock.now())
      return { webhookSecret }
    },
  )

  routes.post(
    '/api/monitors/:id/baseline',
    {
      schema: {
        tags: ['monitors'],
        summary: 'DNS monitors: record the next answer as the new baseline',
        params,
        response: { 200: monitorItem, ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      if (found.monitor.kind !== 'dns')
        return reply.code(400).send({ error: { type: 'invalid_input', message: 'Only DNS monitors have a baseline' } })
      return item(await updateMonitor(ctx, found.monitor, {}, { baseline: null }))
    },
  )

  routes.get(
    '/api/monitors/:id/checks',
    {
      schema: {
        tags: ['monitors'],
        summary: 'Check results since a time (default the last 24 hours), oldest first',
        params,
        querystring: checksQuery,
        response: { 200: monitorChecks, ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      const since = request.query.since ? Date.parse(request.query.since) : ctx.clock.now() - DAY
      const items = await checks.listChecks(found.monitor.id, since)
      return {
        items: items.map((c) => ({
          time: new Date(c.at).toISOString(),
          state: c.state,
          value: c.value,
          summary: c.summary,
          runId: c.runId,
          count: c.checks,
        })),
      }
    },
  )

  routes.get(
    '/api/monitors/:id/events',
    {
      schema: {
        tags: ['monitors'],
        summary: 'State changes of a monitor, newest first',
        params,
        response: { 200: monitorEvents, ...errors },
      },
    },
    async (request, reply) => {
      const found = await owned(request, reply)
      if (!found) return reply
      const events = await checks.listEvents(found.monitor.id)
      return {
        items: events.map((e) => ({
          id: e.id,
          time: new Date(e.at).toISOString(),
          from: e.from,
          to: e.to,
          summary: e.summary,
          resultUrl: e.shareId ? new URL(resultPath(e.shareId), ctx.publicUrl).href : null,
          alert: { email: e.alertEmail, webhook: e.webhook },
        })),
      }
    },
  )
}
