// The answers of a refused request: 429 (the client's own limit) or 503 (the server's capacity),
// always with Retry-After and a message saying what to do, in the body shape the route's clients read.
import type { FastifyReply } from 'fastify'
import type { RefusalShape } from './limit-rules.ts'

/** What a client is told to wait when a concurrency cap refuses it. */
export const BUSY_RETRY_AFTER_SECONDS = 5

export interface Refusal {
  status: 429 | 503
  type: 'rate_limited' | 'server_busy'
  message: string
  retryAfterSeconds: number
}

function bodyOf(shape: RefusalShape, { type, message }: Refusal): object {
  const error = { error: { type, message } }
  // better-auth's client reads { code, message }.
  if (shape === 'auth') return { ...error, code: 'TOO_MANY_REQUESTS', message }
  // The phone lookup answers { success, error } in every case.
  if (shape === 'phone-lookup') return { success: false, error: message }
  return error
}

export function sendRefusal(reply: FastifyReply, shape: RefusalShape, refusal: Refusal, closeConnection = false) {
  reply
    .code(refusal.status)
    .header('retry-after', String(refusal.retryAfterSeconds))
    .header('cache-control', 'no-store')
  // An upload that is refused is not read: ending the connection spares both sides the rest of it.
  if (closeConnection) reply.header('connection', 'close')
  return reply.send(bodyOf(shape, refusal))
}
