// One error shape for every failure: { error: { type, message } }; 5xx texts never leak internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      return reply.code(400).send({ error: { type: 'invalid_input', message: first?.message ?? 'Invalid request' } })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const type =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported_media_type'
          : status === 429
            ? 'rate_limited'
            : status === 413
              ? 'payload_too_large'
              : 'bad_request'
      return reply.code(status).send({ error: { type, message: error.message } })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: { type: 'internal_error', message: 'Internal server error' } })
  })
}

/**
 * Errors Fastify raises before routing (a malformed or over-long URL), in the same one shape. No hook
 * runs for them, so the answer is given the API's security headers here: it is JSON, and it repeats
 * the URL it refuses.
 */
export function frameworkErrorAnswer(apiHeaders: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    reply
      .headers(apiHeaders)
      .code(error.statusCode ?? 400)
      .send({ error: { type: 'bad_request', message: error.message } })
  }
}
