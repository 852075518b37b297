// Server-sent events for tool runs (src/shared/tool-stream.ts): `queue` events while the run waits in
// line, `progress` events as they happen, then one `result` event; or, when the server shuts down
// before the run ends, one `error` event saying so (src/server/shutdown).
import type { FastifyReply } from 'fastify'
import { formatStreamEvent as event } from '../../../shared/tool-stream.ts'

import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { SERVER_RESTARTING, unlessShutdown } from '../../shutdown/shutdown-notice.ts'
import { startEventStream } from '../limits/queue-events.ts'

export { wantsEventStream } from '../limits/queue-events.ts'

export async function streamToolRun(
  reply: FastifyReply,
  run: (progress: (partial: unknown) => void) => Promise<ToolAnswer>,
  stopping: AbortSignal,
): Promise<void> {
  reply.hijack()
  const raw = reply.raw
  // A run that waited in line has started the stream already.
  startEventStream(reply)
  const write = (text: string) => {
    // After a shutdown notice the stream has ended while the run goes on: its later progress is dropped.
    if (!raw.destroyed && !raw.writableEnded) raw.write(text)
  }
  try {
    const answer = await unlessShutdown(
      run((partial) => write(event('progress', partial))),
      stopping,
    )
    write(answer ? event('result', answer) : event('error', SERVER_RESTARTING))
  } catch (error) {
    reply.log.error({ err: error }, 'tool run failed')
    write(event('error', { error: { type: 'internal_error', message: 'Internal server error' } }))
  } finally {
    raw.end()
  }
}
