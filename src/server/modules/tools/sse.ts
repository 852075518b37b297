// Server-sent events for tool runs: `progress` events as they happen, then one `result` event.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/common.ts'

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream')
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`
}

export async function streamToolRun(
  reply: FastifyReply,
  run: (progress: (partial: unknown) => void) => Promise<ToolAnswer>,
): Promise<void> {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  })
  const write = (text: string) => {
    if (!raw.destroyed) raw.write(text)
  }
  try {
    const answer = await run((partial) => write(event('progress', partial)))
    write(event('result', answer))
  } catch (error) {
    reply.log.error({ err: error }, 'tool run failed')
    write(event('error', { error: { type: 'internal_error', message: 'Internal server error' } }))
  } finally {
    raw.end()
  }
}
