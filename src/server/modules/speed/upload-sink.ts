// POST /api/speed/up: reads and discards any body up to the configured cap, whatever its content
// type, and says how many bytes arrived and how long receiving took. Only this route accepts large
// bodies: the parser below lives in this plugin's own scope.
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { speedUploadAnswer } from '../../../shared/tools/speedtest/schema.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'

interface Counted {
  bytes: number
  overLimit: boolean
}

/** Counts a request body without keeping it; stops reading once it passes `limit`. */
function countBody(stream: IncomingMessage, limit: number): Promise<Counted> {
  return new Promise((resolve, reject) => {
    let bytes = 0
    const cleanUp = () => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes <= limit) return
      cleanUp()
      stream.pause()
      resolve({ bytes, overLimit: true })
    }
    const onEnd = () => {
      cleanUp()
      resolve({ bytes, overLimit: false })
    }
    const onError = (error: Error) => {
      cleanUp()
      reject(new Error('Reading the upload failed', { cause: error }))
    }
    const onClose = () => onError(new Error('the client closed the connection before the end of the body'))
    if (stream.readableEnded) return resolve({ bytes: 0, overLimit: false })
    stream.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

export async function uploadSinkRoutes(
  app: FastifyInstance,
  { maxBytes, onBytes }: { maxBytes: number; onBytes?: (direction: 'upload', bytes: number) => void },
) {
  app.removeAllContentTypeParsers()
  // The body stays unread here; the handler counts it from the raw request.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  const tooLarge = { error: { type: 'payload_too_large', message: `Uploads are limited to ${maxBytes} bytes` } }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/speed/up',
    {
      schema: {
        tags: ['speed'],
        summary: 'Upload sink: reads and discards the body, answers its size and the receive time',
        response: { 200: speedUploadAnswer, 413: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
        return reply.code(413).header('connection', 'close').send(tooLarge)
      }
      const { bytes, overLimit } = await countBody(request.raw, maxBytes)
      onBytes?.('upload', bytes)
      if (overLimit) return reply.code(413).header('connection', 'close').send(tooLarge)
      const durationMs = Math.round(reply.elapsedTime * 1000) / 1000
      reply.header('server-timing', `recv;dur=${durationMs}`)
      return { bytes, durationMs }
    },
  )
}
