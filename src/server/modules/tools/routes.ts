// POST /api/tools/:id — one route per registered diagnostic (so OpenAPI shows each body), plus
// honest answers for catalogue tools that are not built yet and for unknown ids.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Net } from '../../../diagnostics/net/net.ts'
import { type AnyDiagnostic, findDiagnostic, type Registry } from '../../../diagnostics/registry.ts'
import { runTool } from '../../../diagnostics/run/run-tool.ts'
import { findEntry, TOOL_IDS } from '../../../shared/catalogue.ts'
import { errorBody, toolResponse } from '../../../shared/tools/tool-answer.ts'
import { SERVER_RESTARTING, unlessShutdown } from '../../shutdown/shutdown-notice.ts'
import { streamToolRun, wantsEventStream } from './sse.ts'

export interface ToolRoutesOptions {
  net: Net
  /** The diagnostics built from config (createRegistry). */
  registry: Registry
  /** Called after every run with the request's options (history, analytics). */
  onAnswer?: (request: FastifyRequest, answer: Awaited<ReturnType<typeof runTool>>, options?: unknown) => Promise<void>
}

/** Aborted when the client goes away before the answer is written. */
function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

function registerTool(app: FastifyInstance, diagnostic: AnyDiagnostic, options: ToolRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/api/tools/${diagnostic.id}`,
    {
      schema: {
        tags: ['tools'],
        summary: `Run ${findEntry(diagnostic.id)?.name ?? diagnostic.id}`,
        body: diagnostic.request,
        response: { 200: toolResponse(diagnostic.id, diagnostic.result), 400: errorBody },
      },
    },
    async (request, reply: FastifyReply) => {
      const body = request.body as { input: string; options?: unknown }
      const run = (progress?: (partial: unknown) => void) =>
        runTool(diagnostic, body, { net: options.net, clientIp: request.ip, signal: clientSignal(reply), progress })
      const runAndSave = async (progress?: (partial: unknown) => void) => {
        const answer = await run(progress)
        await options.onAnswer?.(request, answer, body.options)
        return answer
      }
      // While the server shuts down, a run goes on until the grace is over; then it answers 503.
      const stopping = app.shutdownNotice.signal
      if (wantsEventStream(request)) {
        await streamToolRun(reply, runAndSave, stopping)
        return reply
      }
      const answer = await unlessShutdown(runAndSave(), stopping)
      if (!answer) return reply.code(503).header('retry-after', '5').send(SERVER_RESTARTING)
      return answer
    },
  )
}

export async function toolRoutes(app: FastifyInstance, options: ToolRoutesOptions) {
  for (const id of TOOL_IDS) {
    const diagnostic = findDiagnostic(id, options.registry)
    if (diagnostic) {
      registerTool(app, diagnostic, options)
      continue
    }
    const name = findEntry(id)?.name ?? id
    app.post(`/api/tools/${id}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(501).send({ error: { type: 'not_implemented', message: `${name} is not available yet` } }),
    )
  }
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/tools/:id', { schema: { hide: true, params: z.object({ id: z.string() }) } }, async (_request, reply) =>
      reply.code(404).send({ error: { type: 'unknown_tool', message: 'Unknown tool' } }),
    )
}
