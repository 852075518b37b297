// The speed test's own server: a download source, an upload sink, a latency target, and the
// endpoint that saves a signed-in user's finished test to their history.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  speedPingAnswer,
  speedSaveAnswer,
  speedServerInfo,
  speedTestResult,
} from '../../../shared/tools/speedtest/schema.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import type { HistorySaver } from '../saved-results/save-answer.ts'
import { createPayloadSource, streamPayload } from './payload.ts'
import { uploadSinkRoutes } from './upload-sink.ts'

export interface SpeedRoutesOptions {
  maxBytes: number
  /** Speed-test bytes one client may move per minute (the limits module enforces it; told to the page). */
  bytesPerMinute?: number
  serverName: string
  currentUser: (request: FastifyRequest) => Promise<{ id: string } | null>
  history: HistorySaver
  /** Told the payload bytes each transfer moved (metrics). */
  onBytes?: (direction: 'download' | 'upload', bytes: number) => void
}

/** Never cached, never transformed (compressed) by anything on the way. */
function measurementHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store, no-transform')
    .header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`)
}

const savableResult = speedTestResult.refine(
  (r) => r.download !== null || r.upload !== null || r.ping !== null,
  'A speed test result needs at least one measurement',
)

export async function speedRoutes(app: FastifyInstance, options: SpeedRoutesOptions) {
  const { maxBytes } = options
  const payload = createPayloadSource()
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(
    '/api/speed/server',
    {
      schema: {
        tags: ['speed'],
        summary: 'The name of this speed-test server, its transfer cap and the per-client byte budget per minute',
        response: { 200: speedServerInfo },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { name: options.serverName, maxBytes, bytesPerMinute: options.bytesPerMinute }
    },
  )

  routes.get(
    '/api/speed/ping',
    { schema: { tags: ['speed'], summary: 'Latency target: answers at once', response: { 200: speedPingAnswer } } },
    async (_request, reply) => {
      measurementHeaders(reply)
      return { pong: true as const }
    },
  )

  routes.get(
    '/api/speed/down',
    {
      schema: {
        tags: ['speed'],
        summary: 'Download source: exactly `bytes` bytes of incompressible data',
        querystring: z.object({
          bytes: z.coerce
            .number({ error: 'bytes must be a whole number' })
            .int('bytes must be a whole number')
            .min(0, 'bytes must be a whole number')
            .max(maxBytes, `bytes must be at most ${maxBytes}`),
        }),
      },
    },
    async (request, reply) => {
      const block = await payload.ready()
      const { bytes } = request.query
      measurementHeaders(reply).type('application/octet-stream').header('content-length', bytes)
      // Counted once sent: an aborted transfer counts the bytes that left.
      reply.raw.once('close', () =>
        options.onBytes?.('download', Math.min(bytes, reply.raw.socket?.bytesWritten ?? bytes)),
      )
      return reply.send(streamPayload(block, bytes))
    },
  )

  await app.register(uploadSinkRoutes, { maxBytes, onBytes: options.onBytes })

  routes.post(
    '/api/speed/result',
    {
      schema: {
        tags: ['speed'],
        summary: "Save a finished speed test to the signed-in caller's history",
        body: savableResult,
        response: { 200: speedSaveAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = await options.currentUser(request)
      if (!user) return reply.code(401).send({ error: { type: 'unauthorized', message: 'Sign in to save results' } })
      const saved = await options.history.save(request, {
        userId: user.id,
        toolName: 'speedtest',
        input: null,
        result: request.body,
      })
      return { saved }
    },
  )
}
