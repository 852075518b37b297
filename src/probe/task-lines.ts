// The live lines of the tasks a probe runs, on their way to the site (`line` messages): numbered per
// task, each cut to PROBE_LINE_CAPS.length, at most PROBE_LINE_CAPS.perTask per task, and within the
// connection's rate (createLineAllowance). A line that cannot go now (no connection, over a cap) is
// dropped: the final answer carries every line.
import type { MeasurementToolId } from '../shared/measurements.ts'
import { createLineAllowance, PROBE_LINE_CAPS, type ProbeLine } from '../shared/probe-protocol.ts'
import { progressLinesOf } from './progress-lines.ts'

export interface TaskLines {
  /** The progress listener of one task, or undefined when its tool streams no lines. */
  listen(taskId: string, tool: MeasurementToolId): ((progress: unknown) => void) | undefined
}

/**
 * `send` delivers a line when the probe is connected and ready, and says whether it could; `allowance`
 * says whether the connection's rate allows one more line now.
 */
export function createTaskLines(
  send: (line: ProbeLine) => boolean,
  allowance: () => boolean = createLineAllowance(),
): TaskLines {
  return {
    listen(taskId, tool) {
      const linesOf = progressLinesOf(tool)
      if (!linesOf) return undefined
      let seq = 0
      return (progress) => {
        for (const text of linesOf(progress)) {
          if (seq >= PROBE_LINE_CAPS.perTask) return
          const line = { taskId, seq, line: text.slice(0, PROBE_LINE_CAPS.length) }
          seq += 1
          if (allowance()) send(line)
        }
      }
    },
  }
}
