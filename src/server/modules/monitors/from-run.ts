// "Monitor this": a stored run (its runId, as for a permalink) becomes a monitor of the same kind and
// target; the DNS type asked is kept when the run asked one type.
import {
  MONITOR_KINDS,
  MONITOR_TOOL,
  type MonitorKind,
  monitorMessages,
  monitorSettingsSchemas,
  monitorTargets,
} from '../../../shared/monitors.ts'
import type { StoredRun } from '../runs/repository.ts'

export type DerivedMonitor =
  | { ok: true; kind: MonitorKind; target: string; settings: Record<string, unknown> }
  | { ok: false; message: string }

const KIND_OF_TOOL = new Map<string, MonitorKind>(MONITOR_KINDS.map((kind) => [MONITOR_TOOL[kind], kind]))

function dnsTypeOf(run: StoredRun): string | undefined {
  const queries = (run.answer.result as { queries?: Array<{ type?: unknown }> } | null)?.queries
  return queries?.length === 1 && typeof queries[0]?.type === 'string' ? queries[0].type : undefined
}

export function deriveMonitor(run: StoredRun): DerivedMonitor {
  const kind = KIND_OF_TOOL.get(run.answer.tool)
  if (!kind) return { ok: false, message: monitorMessages.runNotMonitorable(run.answer.tool) }
  const target = monitorTargets[kind].safeParse(run.answer.input)
  if (!target.success) return { ok: false, message: target.error.issues[0]?.message ?? 'The run has no usable target' }
  const type = kind === 'dns' ? dnsTypeOf(run) : undefined
  const settings = monitorSettingsSchemas[kind].parse(type ? { type } : {}) as Record<string, unknown>
  return { ok: true, kind, target: target.data, settings }
}

const KIND_NAMES: Record<MonitorKind, string> = {
  ssl: 'Certificate',
  blacklist: 'Block lists',
  dns: 'DNS',
  website: 'Website',
  mail: 'Mail',
  ping: 'Ping',
}

/** The name a monitor gets when none is given: "Certificate example.com". */
export function defaultMonitorName(kind: MonitorKind, target: string): string {
  return `${KIND_NAMES[kind]} ${target}`.slice(0, 100)
}
