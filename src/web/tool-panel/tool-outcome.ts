// Pure steps of a tool run: checking the input, naming errors, and what the output box shows.
import type { z } from 'zod'
import { toUnicodeDomain } from '../../shared/idn.ts'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import type { OutputState } from '../components/output-box.tsx'
import type { ToolParts } from '../lib/tool-parts.tsx'

export const UNKNOWN_ERROR = 'An unknown error occurred'

export type InputCheck =
  | { kind: 'blank'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'valid'; value: string }

/**
 * The tool's own answer to what was typed (the shared request schema, so the server answers alike):
 * blank input is told apart (its toast has no "{tool} failed:"), its message is still the schema's.
 */
export function checkToolInput(schema: z.ZodType<string, string>, raw: string): InputCheck {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { kind: 'valid', value: parsed.data }
  const message = parsed.error.issues[0]?.message ?? 'Invalid input'
  return raw.trim() === '' ? { kind: 'blank', message } : { kind: 'invalid', message }
}

/**
 * What a run of the typed text would look up, when that is not the text itself: a pasted URL's host
 * ("Runs as shop.test") or a name in punycode, with its Unicode form ("Runs as xn--bcher-kva.example
 * (bücher.example)"). Undefined while the text is blank, invalid or runs as typed.
 */
export function runNote(schema: z.ZodType<string, string>, raw: string): string | undefined {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) return undefined
  const unicode = toUnicodeDomain(parsed.data)
  if (parsed.data === raw.trim() && unicode === parsed.data) return undefined
  return unicode === parsed.data ? `Runs as ${parsed.data}` : `Runs as ${parsed.data} (${unicode})`
}

/** A 200 answer whose diagnosis failed; the UI treats it as an error and keeps its lines. */
export class ToolFailure extends Error {
  readonly answer: ToolAnswer

  constructor(answer: ToolAnswer) {
    super(answer.error ?? UNKNOWN_ERROR)
    this.name = 'ToolFailure'
    this.answer = answer
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : UNKNOWN_ERROR
}

/**
 * The error toast of a run: "{tool} failed: {message}", but never twice "failed" (a message that
 * already names what failed, such as "Blacklist check failed: …", stands alone).
 */
export function failureToast(toolName: string, error: unknown): string {
  const message = describeError(error)
  return /^[A-Z][\w/ -]* failed: /.test(message) ? message : `${toolName} failed: ${message}`
}

export interface RunSnapshot {
  status: 'idle' | 'pending' | 'success' | 'error'
  answer: ToolAnswer | undefined
  error: unknown
  /** An input or option rejected before any request. */
  localError: string | null
}

export function toOutputState({ status, answer, error, localError }: RunSnapshot): OutputState {
  if (localError !== null) return { kind: 'error', message: localError, lines: [] }
  if (status === 'pending') return { kind: 'loading' }
  if (status === 'success' && answer) return { kind: 'success', lines: answer.lines, answer }
  if (status === 'error') {
    if (error instanceof ToolFailure) {
      return { kind: 'error', message: describeError(error), lines: error.answer.lines, answer: error.answer }
    }
    return { kind: 'error', message: describeError(error), lines: [] }
  }
  return { kind: 'idle' }
}

/**
 * The toast of a finished run (docs/product.md): "{tool} completed successfully" or the tool's own
 * wording; a run whose tool reports a warning (failed checks) says so instead of "successfully".
 */
export function runToast(
  toolName: string,
  tool: Pick<ToolParts, 'successText' | 'warning'>,
  answer: Pick<ToolAnswer, 'result'>,
): { kind: 'success' | 'warning'; text: string } {
  const warning = tool.warning?.(answer)
  if (warning !== undefined) return { kind: 'warning', text: `${toolName} finished: ${warning}` }
  return { kind: 'success', text: tool.successText ?? `${toolName} completed successfully` }
}
