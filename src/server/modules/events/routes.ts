// POST /api/events: first-party analytics. Signed-in senders are identified by their account id
// only; nothing is stored when the browser sends Do-Not-Track or Global Privacy Control.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { ForwardEvent } from './posthog.ts'
import type { EventsRepository } from './repository.ts'

const MAX_PROPERTIES_JSON = 4096

export const eventBody = z.object({
  name: z.string().regex(/^\$?[a-z][a-z0-9_]{0,63}$/, 'Invalid event name'),
  properties: z
    .record(z.string(), z.unknown())
    .refine((p) => JSON.stringify(p).length <= MAX_PROPERTIES_JSON, 'Event properties are too large')
    .optional(),
})

export interface EventRoutesOptions {
  events: EventsRepository
  currentUser: CurrentUser
  /** Also sends each stored event on (PostHog, when configured); failures are logged, never answered. */
  forward?: ForwardEvent
}

/**
 * The properties kept: a tool's input is never kept (an older page may still send it as
 * `input_value`), so analytics hold tools and outcomes, not what people typed.
 */
function keptProperties(properties: Record<string, unknown> = {}): Record<string, unknown> {
  const { input_value: _typed, ...kept } = properties
  return kept
}

export function optedOutOfTracking(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1'
}

export async function eventRoutes(app: FastifyInstance, { events, currentUser, forward }: EventRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Record an analytics event (ignored with DNT: 1 or Sec-GPC: 1)',
        body: eventBody,
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      if (!optedOutOfTracking(request)) {
        const user = await currentUser(request)
        const event = {
          name: request.body.name,
          userId: user?.id ?? null,
          properties: keptProperties(request.body.properties),
        }
        await events.insert(event)
        forward?.({ ...event, timestamp: new Date().toISOString() }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'analytics event not forwarded')
        })
      }
      return reply.code(204).send(null)
    },
  )
}
