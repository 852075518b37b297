// A streamed tool run that waits in line is told its place as server-sent `queue` events; the stream
// starts with the first of them, so a refusal after that is an `error` event on the same stream.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formatStreamEvent, type QueuePlace } from '../../../shared/tool-stream.ts'
import type { Refusal } from './refusals.ts'

/**
 * Cache-Control of every streamed answer (tool runs, measurements, bulk rows). Nothing may serve one
 * again without asking, and none is stored in a shared cache; `no-store` is avoided because Chromium
 * then ends a fetch stream it has read to its end as "net::ERR_ABORTED" in DevTools and its protocol
 * (about 2 in 3 streams whose last bytes arrive in a later packet, against none with `no-cache`).
 */
export const STREAM_CACHE_CONTROL = 'private, no-cache'

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream')
}

/** Starts the event stream once (status, headers); later writers check `headersSent`. */
export function startEventStream(reply: FastifyReply): void {
  if (reply.raw.headersSent) return
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': STREAM_CACHE_CONTROL,
    'x-accel-buffering': 'no',
  })
}

export function writeQueueEvent(reply: FastifyReply, place: QueuePlace): void {
  if (reply.raw.destroyed) return
  startEventStream(reply)
  reply.raw.write(formatStreamEvent('queue', place))
}

export function endStreamWithRefusal(reply: FastifyReply, refusal: Refusal) {
  reply.hijack()
  if (!reply.raw.destroyed) {
    reply.raw.end(formatStreamEvent('error', { error: { type: refusal.type, message: refusal.message } }))
  }
  return reply
}
