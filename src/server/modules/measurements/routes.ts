// POST /api/measurements, GET /api/measurements/:id, GET /api/measurements/:id/events and
// GET /api/probes (contract: src/shared/measurements.ts). A measurement counts against the caller's
// tool budgets once per probe row; while the store (Redis) cannot be reached the routes answer 503.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Registry } from '../../../diagnostics/registry.ts'
import { measurementRequest } from '../../../shared/measurement-request.ts'
import {
  MEASUREMENT_MAX_LIMIT,
  measurement,
  measurementCreated,
  type ProbeInfo,
  probeList,
} from '../../../shared/measurements.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'
import { SERVER_RESTARTING } from '../../shutdown/shutdown-notice.ts'
import { STREAM_CACHE_CONTROL } from '../limits/queue-events.ts'
import { sendRefusal } from '../limits/refusals.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import type { Dispatcher } from './dispatcher.ts'
import { createMeasurement, type MeasurementDraft } from './measurement-service.ts'
import type { MeasurementStore } from './measurement-store.ts'
import { selectProbes } from './select-probes.ts'

export interface MeasurementRoutesOptions {
  store: MeasurementStore
  dispatcher: Dispatcher
  /** Every probe that can be chosen now (remote ones and the site's own). */
  /** The connected probes; `recent`: a list read a moment ago will do (see ProbeDirectory.list). */
  listProbes(options?: { recent?: boolean }): Promise<ProbeInfo[]>
  /** Recent timeouts per probe: such probes are chosen less often. */
  probeTimeouts(): Promise<ReadonlyMap<string, number>>
  registry: Registry
  admission: RunAdmission
  currentUser: CurrentUser
  maxProbes: number
}

const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown measurement') })

const unavailable = (reply: FastifyReply) =>
  reply
    .code(503)
    .header('retry-after', '5')
    .send({
      error: {
        type: 'unavailable',
        message:
          'Measurements are unavailable for a moment: the site cannot reach its measurement store. Try again in a few seconds.',
      },
    })

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ error: { type: 'not_found', message: 'Unknown or expired measurement' } })

const sseEvent = (id: string, name: string, data: unknown) =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`

export async function measurementRoutes(app: FastifyInstance, options: MeasurementRoutesOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const { store } = options

  typed.post(
    '/api/measurements',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Run a tool from several probes',
        description: [
          'Picks probes for each location entry (a country code or name, a city, a continent, a region,',
          `an ASN such as "AS13335", a network name, "any" or "World", "local", several of these words that must all match,`,
          `or comma-separated alternatives such as "DE, FR"), up to \`limit\` (1 to ${MEASUREMENT_MAX_LIMIT}) each, spread over networks and cities,`,
          `at most ${options.maxProbes} in all, and dispatches the tool to them. Each probe counts as one run against the rate limits.`,
          'Follow it with GET /api/measurements/{id} or its event stream.',
        ].join(' '),
        body: measurementRequest,
        response: { 202: measurementCreated, 400: errorBody, 422: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { tool, input, options: toolOptions, locations, limit = 1 } = request.body
      let candidates: ProbeInfo[]
      try {
        candidates = await options.listProbes({ recent: true })
      } catch (error) {
        request.log.warn({ err: error }, 'listing probes failed')
        return unavailable(reply)
      }
      // Without the counts (Redis hiccup) every probe is as likely as the others.
      const timeouts = await options.probeTimeouts().catch(() => undefined)
      const selection = selectProbes(candidates, { tool, locations, limit, maxProbes: options.maxProbes, timeouts })
      if (!selection.ok) {
        const type = selection.status === 422 ? 'no_probes' : 'invalid_input'
        return reply.code(selection.status).send({ error: { type, message: selection.message } })
      }
      const refusal = await options.admission.charge(request, tool, selection.probes.length)
      if (refusal) return sendRefusal(reply, 'error', refusal)
      const created = await createFromRequest(request, options, {
        tool,
        input,
        options: (toolOptions ?? {}) as Record<string, unknown>,
        locations,
        probes: selection.probes,
      }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'creating a measurement failed')
        return null
      })
      if (!created) return unavailable(reply)
      return reply.code(202).send(created)
    },
  )

  typed.get(
    '/api/measurements/:id',
    {
      schema: {
        tags: ['measurements'],
        summary: 'A measurement and the answer of each probe so far',
        params: idParams,
        response: { 200: measurement, 404: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const state = await store.get(request.params.id).catch(() => undefined)
      if (state === undefined) return unavailable(reply)
      if (state === null) return notFound(reply)
      const { userId: _userId, ...answer } = state
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )

  typed.get(
    '/api/measurements/:id/events',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Follow a measurement as Server-Sent Events',
        description: [
          'Streams `text/event-stream`: first one `row` event per probe as it stands ({ type, index, row }; a row in',
          'progress carries its `lines` so far), then one `row` event per change, one `line` event ({ type, index, line })',
          'per line of output a probe sends while its ping or traceroute runs, and a last `finished` event carrying the',
          'whole measurement. Send `Last-Event-ID` to resume after a dropped connection.',
        ].join(' '),
        params: idParams,
        response: { 404: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const known = await store.get(id).catch(() => undefined)
      if (known === undefined) return unavailable(reply)
      if (known === null) return notFound(reply)
      const lastEventId = request.headers['last-event-id']
      await streamEvents(request, reply, store, id, typeof lastEventId === 'string' ? lastEventId : undefined)
      return reply
    },
  )

  typed.get(
    '/api/probes',
    {
      schema: {
        tags: ['measurements'],
        summary: 'The probes connected now, where they are and what they can run',
        response: { 200: probeList, 503: errorBody },
      },
    },
    async (_request, reply) => {
      const probes = await options.listProbes().catch(() => undefined)
      if (!probes) return unavailable(reply)
      return reply.header('cache-control', 'no-store').send({ probes })
    },
  )
}

async function createFromRequest(
  request: FastifyRequest,
  options: MeasurementRoutesOptions,
  draft: Omit<MeasurementDraft, 'userId'>,
) {
  const user =
    request.headers.cookie || request.apiTokenOwner ? await options.currentUser(request).catch(() => null) : null
  return createMeasurement(options, { ...draft, userId: user?.id ?? null })
}

async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  store: MeasurementStore,
  id: string,
  after: string | undefined,
) {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': STREAM_CACHE_CONTROL,
    'x-accel-buffering': 'no',
  })
  const controller = new AbortController()
  raw.once('close', () => controller.abort())
  // The server shut down and its grace is over: say so, and end the stream (src/server/shutdown).
  const stopping = request.server.shutdownNotice.signal
  const onStopping = () => {
    if (!raw.destroyed) raw.write(`event: error\ndata: ${JSON.stringify(SERVER_RESTARTING)}\n\n`)
    controller.abort()
  }
  if (stopping.aborted) onStopping()
  else stopping.addEventListener('abort', onStopping, { once: true })
  // A comment now and then keeps proxies from closing a quiet stream.
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), 15_000)
  try {
    for await (const { id: eventId, event } of store.follow(id, after, controller.signal)) {
      if (raw.destroyed) break
      raw.write(sseEvent(eventId, event.type, event))
    }
  } catch (error) {
    request.log.warn({ err: error }, 'following a measurement failed')
    if (!raw.destroyed) {
      const message = 'The site lost its measurement store for a moment; reconnect to resume.'
      raw.write(`event: error\ndata: ${JSON.stringify({ error: { type: 'unavailable', message } })}\n\n`)
    }
  } finally {
    stopping.removeEventListener('abort', onStopping)
    clearInterval(keepAlive)
    controller.abort()
    raw.end()
  }
}
