// Website monitor: down (no answer), a final status outside 2xx-3xx, or slower than the threshold.
import type { WebsiteMonitorSettings } from '../../../../shared/monitors.ts'
import type { WebsiteCheckResult } from '../../../../shared/tools/website-check/schema.ts'
import { conclude, type Evaluator, failedRun } from './verdict.ts'

export const evaluateWebsite: Evaluator<WebsiteMonitorSettings, WebsiteCheckResult> = ({ settings, answer }) => {
  const result = answer.result
  if (!result) return failedRun(answer)
  const latency = result.hops.reduce((sum, hop) => sum + hop.timings.totalMs, 0)
  const value = result.finalStatus === null ? null : latency
  const problems: string[] = []
  if (result.finalStatus === null) {
    const error = result.hops.at(-1)?.error ?? answer.error ?? 'no answer'
    problems.push(`Down: ${error}`)
  } else if (!result.up) {
    problems.push(`Down: HTTP ${result.finalStatus}${result.statusText ? ` ${result.statusText}` : ''}`)
  }
  if (value !== null && settings.maxLatencyMs !== undefined && value > settings.maxLatencyMs)
    problems.push(`Slow: ${value} ms (alert above ${settings.maxLatencyMs} ms)`)
  return conclude(problems, value, `Up: HTTP ${result.finalStatus} in ${value} ms`)
}
