// POST /api/bulk/:tool — many inputs of one lookup tool in one request, answered as NDJSON: one line
// per input as it finishes ({ index, input, answer, summary } or { index, input, error }), then a
// summary line. `summary` is the answer in one line (src/shared/bulk-summary.ts).
// A bad input is a row with the tool's own validation message, not a failure of the batch; every
// input is admitted like a single run of the tool (src/server/modules/limits), and charged more for
// the DNS queries it causes to servers the input names (bulk-cost.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { countPacketsOnUsersBehalf } from '../../../diagnostics/net/ask-once.ts'
import type { Net } from '../../../diagnostics/net/net.ts'
import { type AnyDiagnostic, findDiagnostic, type Registry } from '../../../diagnostics/registry.ts'
import { runTool } from '../../../diagnostics/run/run-tool.ts'
import {
  BULK_TOOL_IDS,
  type BulkRow,
  type BulkToolId,
  bulkRequest,
  bulkRow,
  bulkSummary,
} from '../../../shared/bulk.ts'
import { summarizeBulkAnswer } from '../../../shared/bulk-summary.ts'
import { findEntry } from '../../../shared/catalogue.ts'
import { errorBody, type ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { STREAM_CACHE_CONTROL } from '../limits/queue-events.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import { extraRunsFor, PACKETS_PER_RUN } from './bulk-cost.ts'
import { checkBulkInputs } from './check-inputs.ts'
import { runBulk } from './run-bulk.ts'

export interface BulkRoutesOptions {
  net: Net
  registry: Registry
  admission: RunAdmission
  maxInputs: number
  /** Inputs of one request run at once (never more than the client's own concurrency cap). */
  concurrency: number
  /** Called after every run with its options, as for single runs (metrics, history, stored runs). */
  onAnswer?: (request: FastifyRequest, answer: ToolAnswer, options?: unknown) => Promise<void>
}

const NDJSON = 'application/x-ndjson; charset=utf-8'

/** Aborted when the client goes away before the stream is complete. */
function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

function registerBulkTool(
  app: FastifyInstance,
  tool: BulkToolId,
  diagnostic: AnyDiagnostic,
  options: BulkRoutesOptions,
) {
  const name = findEntry(diagnostic.id)?.name ?? diagnostic.id
  app.withTypeProvider<ZodTypeProvider>().post(
    `/api/bulk/${diagnostic.id}`,
    {
      schema: {
        tags: ['bulk'],
        summary: `Run ${name} for up to ${options.maxInputs} inputs`,
        description: [
          `Streams \`${NDJSON.split(';')[0]}\`: one line per input as it finishes, in any order,`,
          '`{ index, input, answer, summary }` (the answer of a single run and that answer in one line) or `{ index, input, error: { type, message } }`',
          '(`invalid_input` with the tool’s own message, `rate_limited`, `server_busy`), then',
          '`{ done: true, total, ok, failed, refused, invalid }`.',
          tool === 'ssl'
            ? '`options: { port }` is the port of every input written without one.'
            : '`options` are the tool’s own request options, the same for every input.',
          'Each input counts against the rate limits as one run,',
          `and one more for every ${PACKETS_PER_RUN} DNS queries it sends to servers the input names (name servers, a custom resolver).`,
        ].join(' '),
        body: bulkRequest(options.maxInputs),
        response: {
          200: z.union([bulkRow, bulkSummary]).describe('One NDJSON line (a row or the closing summary)'),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { inputs, options: toolOptions } = request.body
      const checked = checkBulkInputs(tool, diagnostic, inputs, toolOptions)
      if ('optionsError' in checked) {
        return reply.code(400).send({ error: { type: 'invalid_input', message: checked.optionsError } })
      }
      const signal = clientSignal(reply)
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': NDJSON,
        'cache-control': STREAM_CACHE_CONTROL,
        // Rows are sent as they finish: a proxy must not hold them back.
        'x-accel-buffering': 'no',
      })
      const write = (line: object) => {
        if (!raw.destroyed) raw.write(`${JSON.stringify(line)}\n`)
      }
      try {
        const summary = await runBulk({
          inputs: checked.inputs,
          raw: inputs,
          concurrency: options.concurrency,
          signal,
          admit: (abort) => options.admission.admit(request, diagnostic.id, abort),
          run: async (body, abort) => {
            const counted = countPacketsOnUsersBehalf(options.net)
            const answer = await runTool(diagnostic, body, { net: counted.net, clientIp: request.ip, signal: abort })
            // The queries a run sent to servers the user named cost runs of their own (bulk-cost.ts).
            const extra = extraRunsFor(counted.packets())
            if (extra > 0) await options.admission.charge(request, diagnostic.id, extra)
            await options.onAnswer?.(request, answer, body.options)
            return answer
          },
          onRow: (row: BulkRow) => write(row.answer ? { ...row, summary: summarizeBulkAnswer(tool, row.answer) } : row),
          onError: (error) => request.log.error({ err: error }, 'bulk run failed'),
        })
        write(summary)
      } finally {
        raw.end()
      }
    },
  )
}

export async function bulkRoutes(app: FastifyInstance, options: BulkRoutesOptions) {
  for (const id of BULK_TOOL_IDS) {
    const diagnostic = findDiagnostic(id, options.registry)
    if (diagnostic) registerBulkTool(app, id, diagnostic, options)
  }
  const names = BULK_TOOL_IDS.join(', ')
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/bulk/:tool', { schema: { hide: true, params: z.object({ tool: z.string() }) } }, async (_r, reply) =>
      reply.code(404).send({ error: { type: 'unknown_tool', message: `Bulk runs are offered for: ${names}` } }),
    )
}
