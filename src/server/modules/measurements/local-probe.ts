// The site's own probe, "this server": the diagnostics the site already runs, offered as a probe
// with the site's target policy (TARGET_ALLOW) and a cap of its own. Any site process can run its
// rows, since they all measure from the site.
import type { Net } from '../../../diagnostics/net/net.ts'
import type { Registry } from '../../../diagnostics/registry.ts'
import { createTaskExecutor } from '../../../diagnostics/run/task-executor.ts'
import { deriveLocation } from '../../../probe/derive-location.ts'
import { detectTools } from '../../../probe/detect-tools.ts'
import type { ProbeInfo } from '../../../shared/measurements.ts'
import type { ProbeResult, ProbeTask } from '../../../shared/probe-protocol.ts'
import type { MeasurementSettings } from '../../config.ts'

export const LOCAL_PROBE_ID = 'local'

export interface LocalProbe {
  info: ProbeInfo
  /** Runs a task here; `progress` hears the tool's progress events (for the row's live lines). */
  run(task: ProbeTask, signal: AbortSignal, progress?: (partial: unknown) => void): Promise<ProbeResult>
}

export async function createLocalProbe(options: {
  registry: Registry
  net: Net
  serverName: string
  settings: MeasurementSettings['localProbe']
}): Promise<LocalProbe> {
  const { tools, missing } = detectTools(options.registry, options.settings.binPath)
  const executor = createTaskExecutor({
    registry: options.registry,
    net: options.net,
    tools,
    missing,
    maxConcurrent: options.settings.maxConcurrent,
    maxPerTool: options.settings.maxConcurrent,
    selfName: 'this server',
  })
  const location = await deriveLocation(options.settings.address, {})
  const info: ProbeInfo = {
    ...location,
    id: LOCAL_PROBE_ID,
    name: `${options.serverName} (this server)`,
    local: true,
    tools,
    connectedAt: new Date().toISOString(),
  }
  return {
    info,
    async run(task, signal, progress) {
      const admission = executor.admit(task)
      if (!admission.ok) return { taskId: task.taskId, error: admission.error }
      return executor.execute(task, admission.request, signal, progress)
    },
  }
}
