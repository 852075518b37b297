// Runs one diagnostic under its deadline and shapes its answer (a tool run, a bulk row, a monitor's
// check, a probe's measurement task): everything it needs comes in with the call.

import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import type { Net } from '../net/net.ts'

import type { AnyDiagnostic } from '../registry.ts'

import type { Outcome } from '../types.ts'

export interface RunToolOptions {
  net: Net
  clientIp?: string
  /** Aborted when the client goes away. */
  signal: AbortSignal
  progress?: (partial: unknown) => void
}

class DeadlineExceeded extends Error {}

export async function runTool(
  diagnostic: AnyDiagnostic,
  request: { input: string; options?: unknown },
  options: RunToolOptions,
): Promise<ToolAnswer> {
  const started = performance.now()
  const deadline = AbortSignal.timeout(diagnostic.deadlineMs)
  const signal = AbortSignal.any([deadline, options.signal])
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), diagnostic.deadlineMs + 250)
  })
  let outcome: Outcome<unknown>
  try {
    outcome = await Promise.race([
      diagnostic.run(request, {
        signal,
        net: options.net,
        clientIp: options.clientIp,
        progress: options.progress ?? (() => {}),
      }),
      expired,
    ])
  } catch (error) {
    if (!(error instanceof DeadlineExceeded) && !deadline.aborted) throw error
    outcome = {
      status: 'failed',
      failureSource: 'target',
      error: `No result within ${diagnostic.deadlineMs / 1000} s (timeout)`,
    }
  } finally {
    clearTimeout(timer)
  }
  const result = outcome.result ?? null
  return {
    tool: diagnostic.id,
    input: request.input,
    status: outcome.status,
    result,
    lines: outcome.status === 'ok' || result !== null ? diagnostic.lines(result) : [],
    durationMs: Math.round(performance.now() - started),
    ...(outcome.status === 'failed' ? { failureSource: outcome.failureSource, error: outcome.error } : {}),
  }
}
