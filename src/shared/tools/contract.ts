// What one tool declares about itself, in one object per tool (src/shared/tools/<id>/index.ts): the
// request and result schemas, the text lines, an input it accepts and its command-line options. The
// server's routes and OpenAPI document, the diagnostics, the CLI and the history's text view all read
// it from the list in ./contracts.ts, so adding a tool adds no entry to their files.
import type { z } from 'zod'
import type { InputRuleCases } from '../input-spellings.ts'

/** One command-line option of a tool: how the CLI's flag maps onto the request's `options`. */
export interface ToolOption {
  /** Commander flags, e.g. "-t, --type <type>". */
  flags: string
  description: string
  /** The key in the request's `options`. */
  key: string
  kind: 'string' | 'integer' | 'boolean' | 'family'
  /** The allowed values: checked before sending and offered by shell completion. */
  choices?: readonly string[]
  /** Values offered by shell completion where others are allowed too (the request schema judges). */
  suggestions?: readonly string[]
}

/** A request body the tool accepts: the OpenAPI document's curl example of the tool. */
export interface ExampleRequest {
  input: string
  options?: object
}

export interface ToolContract<
  Req extends { input: string } = { input: string },
  R = never,
  Id extends string = string,
> {
  /** The tool's catalogue id (its entry.ts; contracts.ts files the contract under it). */
  id: Id
  /** The request body ({ input, options }) with the product's validation messages. */
  request: z.ZodType<Req, unknown>
  /** The result of a run: the answer's `result`, parsed by every client. */
  result: z.ZodType<R>
  /** The result as the text lines of the output box, the CLI and the history. */
  lines: (result: R) => string[]
  example: ExampleRequest
  /** The CLI command's argument ("<host>"; absent for a tool without input) and its options. */
  cli: { argument?: string; options: readonly ToolOption[] }
  /**
   * How the tool reads each spelling of the input rule's table (src/shared/input-rule.cases.ts): what
   * it runs or the exact message it answers. Every tool with input declares it; one without has none.
   */
  inputRule?: InputRuleCases
}

// biome-ignore lint/suspicious/noExplicitAny: the list holds every tool's contract, each with its own types.
export type AnyToolContract = ToolContract<any, any>

/** A tool's contract, its request, result and lines checked against each other. */
export function defineToolContract<Req extends { input: string }, R, const Id extends string>(
  contract: ToolContract<Req, R, Id>,
): ToolContract<Req, R, Id> {
  return contract
}
