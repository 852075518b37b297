// Server-sent events for tool runs: `queue` events while the run waits in line, `progress` events as
// they happen, then one `result` event.
import type { FastifyReply } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { sseEvent as event, startEventStream } from '../limits/queue-events.ts'

export { wantsEventStream } from '../limits/queue-events.ts'

export async function streamToolRun(
  reply: FastifyReply,
  run: (progress: (partial: unknown) => void) => Promise<ToolAnswer>,
): Promise<void> {
  reply.hijack()
  const raw = reply.raw
  // A run that waited in line has started the stream already.
  startEventStream(reply)
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
