// Runs one measurement task with this machine's diagnostics engine, under this machine's own target
// policy (the Net it is given) and its own caps. Shared by the probe and the site's own probe.

import { findEntry } from '../../shared/catalogue.ts'
import { measurementToolRequests } from '../../shared/measurement-request.ts'
import type { MeasurementToolId } from '../../shared/measurements.ts'
import type { ProbeResult, ProbeTask } from '../../shared/probe-protocol.ts'
import type { Net } from '../net/net.ts'
import type { Registry } from '../registry.ts'
import { runTool } from './run-tool.ts'

export interface TaskExecutorOptions {
  registry: Registry
  net: Net
  /** The tools this machine announced, and why the others cannot run. */
  tools: MeasurementToolId[]
  missing: Partial<Record<MeasurementToolId, string>>
  /** Tasks running at once, in all and per tool. */
  maxConcurrent: number
  maxPerTool: number
  /** "this probe" or "this server", in refusals. */
  selfName: string
}

export type TaskAdmission = { ok: true; request: { input: string; options?: unknown } } | { ok: false; error: string }

export interface TaskExecutor {
  /** Checks a task and takes a slot for it; the refusal says why not (unavailable, invalid, busy). */
  admit(task: ProbeTask): TaskAdmission
  /** Runs an admitted task and frees its slot; never throws. `progress` hears the tool's progress events. */
  execute(
    task: ProbeTask,
    request: { input: string; options?: unknown },
    signal: AbortSignal,
    progress?: (partial: unknown) => void,
  ): Promise<ProbeResult>
  running(): number
}

const toolName = (tool: string) => findEntry(tool)?.name ?? tool
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function createTaskExecutor(options: TaskExecutorOptions): TaskExecutor {
  let total = 0
  const perTool = new Map<string, number>()

  const release = (tool: string) => {
    total -= 1
    perTool.set(tool, (perTool.get(tool) ?? 1) - 1)
  }

  return {
    admit(task) {
      const name = toolName(task.tool)
      if (!options.tools.includes(task.tool)) {
        const why = options.missing[task.tool] ?? 'not offered'
        return { ok: false, error: `${name} is not available on ${options.selfName}: ${why}` }
      }
      const parsed = measurementToolRequests[task.tool].safeParse(task.request)
      if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid input' }
      if (total >= options.maxConcurrent) {
        return { ok: false, error: `${capitalized(options.selfName)} is busy: ${total} measurements in progress` }
      }
      if ((perTool.get(task.tool) ?? 0) >= options.maxPerTool) {
        return {
          ok: false,
          error: `${capitalized(options.selfName)} is busy: ${options.maxPerTool} ${name} runs in progress`,
        }
      }
      total += 1
      perTool.set(task.tool, (perTool.get(task.tool) ?? 0) + 1)
      return { ok: true, request: parsed.data as { input: string; options?: unknown } }
    },

    async execute(task, request, signal, progress) {
      const diagnostic = options.registry[task.tool]
      try {
        if (!diagnostic) return { taskId: task.taskId, error: `${toolName(task.tool)} is not available` }
        const {
          saved: _saved,
          runId: _runId,
          ...answer
        } = await runTool(diagnostic, request, {
          net: options.net,
          signal,
          progress,
        })
        // The options it ran with go back with the answer: the site checks them against the task.
        const ranWith = request.options as Record<string, unknown> | undefined
        return {
          taskId: task.taskId,
          answer: answer as NonNullable<ProbeResult['answer']>,
          ...(ranWith ? { options: ranWith } : {}),
        }
      } catch (error) {
        const message = `${capitalized(options.selfName)} could not run ${toolName(task.tool)}: ${(error as Error).message}`
        return { taskId: task.taskId, error: message }
      } finally {
        release(task.tool)
      }
    },

    running: () => total,
  }
}
