// Exit codes and the closing words of a run: whose failure a failure is.
import type { ToolAnswer } from '../../src/shared/tools/tool-answer.ts'

export const EXIT = {
  ok: 0,
  /** The target failed: the run finished and the thing checked is at fault. */
  targetFailed: 1,
  /** Bad input, a refusal or a failure of the server (ours), or no answer from it. */
  problem: 2,
} as const

export function exitCodeOf(answer: Pick<ToolAnswer, 'status' | 'failureSource'>): number {
  if (answer.status === 'ok') return EXIT.ok
  return answer.failureSource === 'target' ? EXIT.targetFailed : EXIT.problem
}

const WHOSE: Record<string, string> = {
  target: 'the target failed',
  // Our side (our resolver, a list we ask, our machinery) failed: the target is not to blame.
  server: "the NetToolbox server's side failed, not the target",
  policy: "refused by the server's target policy",
}

/** "Failed (the target failed): NXDOMAIN for example.test", for stderr. */
export function failureLine(answer: Pick<ToolAnswer, 'failureSource' | 'error'>): string {
  const whose = WHOSE[answer.failureSource ?? ''] ?? 'failed'
  return `Failed (${whose}): ${answer.error ?? 'no reason given'}`
}
