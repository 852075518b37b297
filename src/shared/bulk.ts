// The bulk contract (POST /api/bulk/:tool): many inputs of one tool, answered as one NDJSON line per
// input as each finishes, then a summary line. Shared by the server, the web app and the OpenAPI document.
import { z } from 'zod'
import { errorBody, type ToolAnswer } from './tools/tool-answer.ts'

export { BULK_TOOL_IDS, type BulkToolId, isBulkTool } from './bulk-tools.ts'

/**
 * The body: the inputs (each checked as a single run's input would be) and the options every run
 * shares (the tool's request options; for the SSL check `{ port }`: bulk-options.ts).
 */
export function bulkRequest(maxInputs: number) {
  return z.object({
    inputs: z
      .array(z.string().max(2000, 'An input is longer than 2000 characters'))
      .min(1, 'Enter at least one input')
      .max(maxInputs, `A bulk run takes at most ${maxInputs} inputs; split the list`),
    options: z.unknown().optional(),
  })
}

/**
 * One input's outcome: the tool's answer (which may itself be a failed diagnosis), or why it did not
 * run: `invalid_input` with the tool's own validation message, `rate_limited` or `server_busy`.
 */
export const bulkRow = z.object({
  index: z.number().int().min(0),
  input: z.string(),
  answer: z.record(z.string(), z.unknown()).optional(),
  /** The answer in one line: the records, the verdict, or the failure and whose it is (bulk-summary.ts). */
  summary: z.string().optional(),
  error: errorBody.shape.error.optional(),
})
export interface BulkRow {
  index: number
  input: string
  answer?: ToolAnswer
  summary?: string
  error?: { type: string; message: string }
}

/** The last line of the stream. */
export const bulkSummary = z.object({
  done: z.literal(true),
  total: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  refused: z.number().int(),
  invalid: z.number().int(),
})
export type BulkSummary = z.infer<typeof bulkSummary>

/** The row's status as the table and the exports show it. */
export type BulkRowStatus = 'ok' | 'failed' | 'invalid' | 'refused'

export function bulkRowStatus(row: BulkRow): BulkRowStatus {
  if (row.answer) return row.answer.status === 'ok' ? 'ok' : 'failed'
  const type = row.error?.type
  if (type === 'invalid_input') return 'invalid'
  return type === 'rate_limited' || type === 'server_busy' ? 'refused' : 'failed'
}
