// Which tool results can be watched, and by which kind of monitor. Kept free of schemas (types only)
// so the tool panel can ask without loading the monitors' code.

import type { MONITOR_TOOL, MonitorKind } from '../../../shared/monitors.ts'
import type { FailureSource, ToolAnswer } from '../../../shared/tools/tool-answer.ts'

/** The inverse of MONITOR_TOOL; the type holds it to every kind. */
const KIND_OF_TOOL: { [K in MonitorKind as (typeof MONITOR_TOOL)[K]]: K } = {
  ssl: 'ssl',
  blacklist: 'blacklist',
  dns: 'dns',
  'website-check': 'website',
  mail: 'mail',
  ping: 'ping',
}

/** The kind that watches what a tool measures, or null for a tool no monitor runs. */
export function kindOfTool(tool: string): MonitorKind | null {
  return Object.hasOwn(KIND_OF_TOOL, tool) ? KIND_OF_TOOL[tool as keyof typeof KIND_OF_TOOL] : null
}

/** A stored run of a watchable tool; a run the target policy refused cannot become a monitor. */
export function watchableKind(answer: Pick<ToolAnswer, 'tool' | 'runId' | 'failureSource'>): MonitorKind | null {
  const refused: FailureSource = 'policy'
  if (!answer.runId || answer.failureSource === refused) return null
  return kindOfTool(answer.tool)
}
