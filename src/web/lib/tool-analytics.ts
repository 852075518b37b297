// The product's tool analytics, for every tool run of every panel: tool_used when a run starts,
// tool_result when it ends. Runs are the mutations keyed ["tool", id]; a cancelled run reports nothing.
// Events name the tool and the outcome only, never what the user typed (the privacy page says so).
import { MutationCache } from '@tanstack/react-query'
import { sendEvent } from './events.ts'

type Send = typeof sendEvent

function toolIdOf(mutationKey: readonly unknown[] | undefined): string | null {
  if (mutationKey?.[0] !== 'tool' || typeof mutationKey[1] !== 'string') return null
  return mutationKey[1]
}

/** Characters of the result's JSON; 0 when there is none. */
export function resultSize(answer: unknown): number {
  if (typeof answer !== 'object' || answer === null || !('result' in answer)) return 0
  return answer.result === null || answer.result === undefined ? 0 : JSON.stringify(answer.result).length
}

function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

export function createToolAnalyticsCache(send: Send = sendEvent): MutationCache {
  const now = () => new Date().toISOString()
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      const tool = toolIdOf(mutation.options.mutationKey)
      if (tool) send('tool_used', { tool_name: tool, timestamp: now() })
    },
    onSuccess: (answer, _variables, _result, mutation) => {
      const tool = toolIdOf(mutation.options.mutationKey)
      if (tool)
        send('tool_result', { tool_name: tool, success: true, result_size: resultSize(answer), timestamp: now() })
    },
    onError: (error, _variables, _result, mutation) => {
      const tool = toolIdOf(mutation.options.mutationKey)
      if (!tool || isCancellation(error)) return
      const answer = typeof error === 'object' && error !== null && 'answer' in error ? error.answer : undefined
      send('tool_result', { tool_name: tool, success: false, result_size: resultSize(answer), timestamp: now() })
    },
  })
}
