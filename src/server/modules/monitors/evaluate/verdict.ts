// What one check concluded: a state, the value the chart draws, and one sentence saying what was
// checked, what was not, and whose failure a failure is.
import type { CheckState } from '../../../../shared/monitors.ts'
import type { ToolAnswer } from '../../../../shared/tools/tool-answer.ts'

export interface Verdict {
  state: CheckState
  value: number | null
  summary: string
  /** DNS: the answer set to record as the baseline (the first answer after a reset). */
  baseline?: string[]
}

export interface EvaluateInput<S, R> {
  settings: S
  answer: ToolAnswer<R>
  /** DNS: the recorded answer set; null before one is recorded. */
  baseline: string[] | null
  /** Epoch milliseconds of the check. */
  now: number
}

export type Evaluator<S, R> = (input: EvaluateInput<S, R>) => Verdict

/**
 * A run without a result to judge: the target's own failure is a problem; ours or the target
 * policy's means the check could not be made.
 */
export function failedRun(answer: ToolAnswer): Verdict {
  const error = answer.error ?? 'the check failed'
  if (answer.failureSource === 'target') return { state: 'problem', value: null, summary: error }
  const whose = answer.failureSource === 'policy' ? 'refused by the target policy' : 'failure on this server’s side'
  return { state: 'unknown', value: null, summary: `Not checked (${whose}): ${error}` }
}

/** "a; b; c" of the problems found, or the ok sentence. */
export function conclude(problems: string[], value: number | null, okSummary: string): Verdict {
  if (problems.length > 0) return { state: 'problem', value, summary: problems.join('; ') }
  return { state: 'ok', value, summary: okSummary }
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
