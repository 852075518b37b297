// Whether a probe's answer answers the task it names (docs/probes.md, "Security model"). The protocol
// schema has already capped every field; here the answer must be of the task's tool, for the task's
// input and options (both read with the tool's own request schema, so "a.test" and "a.test " agree),
// take no longer than the tool's own deadline, and carry a result its tool's own result schema reads.
// An answer that fails is refused: the row fails and the answer is never stored or shown.
import type { Registry } from '../../../diagnostics/registry.ts'
import { measurementToolRequests } from '../../../shared/measurement-request.ts'
import type { MeasurementToolId } from '../../../shared/measurements.ts'
import type { ProbeResult } from '../../../shared/probe-protocol.ts'

export interface AnsweredTask {
  tool: MeasurementToolId
  input: string
  options: Record<string, unknown>
}

/** What a run may take beyond its tool's deadline: the run's own cut-off comes 250 ms after it. */
const DURATION_SLACK_MS = 1000

/** The request as the tool reads it, in a form two requests can be compared by; null when invalid. */
function readRequest(tool: MeasurementToolId, input: string, options: Record<string, unknown> | undefined) {
  const parsed = measurementToolRequests[tool].safeParse({ input, options: options ?? {} })
  return parsed.success ? JSON.stringify(parsed.data) : null
}

/** Null when the result answers the task; otherwise why not (for the site's log). */
export function checkProbeAnswer(task: AnsweredTask, result: ProbeResult, registry: Registry): string | null {
  const { answer } = result
  if (!answer) return null
  if (answer.tool !== task.tool) return `answers with ${answer.tool} a ${task.tool} task`
  const asked = readRequest(task.tool, task.input, task.options)
  const answered = readRequest(task.tool, answer.input, result.options)
  if (answered === null) return 'its input or options are not valid for the tool'
  if (answered !== asked) return 'answers another input or other options than the task'
  const diagnostic = registry[task.tool]
  if (!diagnostic) return `the site does not know the tool ${task.tool}`
  if (answer.durationMs > diagnostic.deadlineMs + DURATION_SLACK_MS) {
    return `took ${answer.durationMs} ms, longer than the tool's ${diagnostic.deadlineMs} ms limit`
  }
  if (answer.result === null && answer.status === 'failed') return null
  const read = diagnostic.result.safeParse(answer.result)
  if (!read.success) {
    const where = read.error.issues[0]?.path.join('.') || 'result'
    return `its result is not a ${task.tool} result (${where})`
  }
  return null
}
