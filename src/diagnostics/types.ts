// The tool contract (docs/architecture.md): every diagnostic implements Diagnostic.
import type { z } from 'zod'
import type { ToolId } from '../shared/catalogue.ts'
import type { FailureSource } from '../shared/tools/tool-answer.ts'
import type { Net } from './net/net.ts'

export interface RunContext {
  signal: AbortSignal
  net: Net
  progress(partial: unknown): void
  clientIp?: string
}

/** A diagnosis that reached a verdict. A failing target is data, not an exception. */
export type Outcome<R> =
  | { status: 'ok'; result: R }
  | { status: 'failed'; failureSource: FailureSource; error: string; result?: R }

export interface Diagnostic<Req extends { input: string }, R> {
  id: ToolId
  /** Request body schema ({ input, options }) carrying the product's validation messages. */
  request: z.ZodType<Req, unknown>
  /** Result schema, for OpenAPI and for clients parsing the answer. */
  result: z.ZodType<R>
  deadlineMs: number
  run(request: Req, ctx: RunContext): Promise<Outcome<R>>
  /** Text lines shown in the output box. */
  lines(result: R): string[]
}

export function failed(failureSource: FailureSource, error: string): Outcome<never> {
  return { status: 'failed', failureSource, error }
}
