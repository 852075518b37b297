// The HTTP contract shared by every tool (docs/architecture.md).
import { z } from 'zod'

export const toolStatus = z.enum(['ok', 'failed'])
export const failureSource = z.enum(['target', 'server', 'policy'])
export type FailureSource = z.infer<typeof failureSource>

/** Builds the request body schema of one tool from its input field and options. */
export function toolRequest<I extends z.ZodType, O extends z.ZodType>(input: I, options: O) {
  return z.object({ input, options: options.optional() })
}

/** Builds the 200 answer schema of one tool from its result schema. */
export function toolResponse<R extends z.ZodType>(tool: string, result: R) {
  return z.object({
    tool: z.literal(tool),
    input: z.string(),
    status: toolStatus,
    result: result.nullable(),
    lines: z.array(z.string()),
    durationMs: z.number(),
    failureSource: failureSource.optional(),
    error: z.string().optional(),
    /** Signed-in callers only: whether the successful result was saved to their history. */
    saved: z.boolean().optional(),
    /** The stored run: POST /api/results { runId } shares it. Absent only when it could not be stored. */
    runId: z.string().optional(),
  })
}

export const errorBody = z.object({
  error: z.object({ type: z.string(), message: z.string() }),
})
export type ErrorBody = z.infer<typeof errorBody>

export interface ToolAnswer<R = unknown> {
  tool: string
  input: string
  status: z.infer<typeof toolStatus>
  result: R | null
  lines: string[]
  durationMs: number
  failureSource?: FailureSource
  error?: string
  /** Signed-in callers only: whether the successful result was saved to their history. */
  saved?: boolean
  /** The stored run: POST /api/results { runId } shares it. Absent only when it could not be stored. */
  runId?: string
}
