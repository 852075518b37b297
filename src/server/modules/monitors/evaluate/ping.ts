// Ping monitor: packet loss and average round trip against their thresholds.
import type { PingMonitorSettings } from '../../../../shared/monitors.ts'
import type { PingResult } from '../../../../shared/tools/ping/schema.ts'
import { conclude, type Evaluator, failedRun } from './verdict.ts'

export const evaluatePing: Evaluator<PingMonitorSettings, PingResult> = ({ settings, answer }) => {
  const result = answer.result
  // A failed run with a result is still a measurement, unless it failed on our side.
  if (!result || answer.failureSource === 'server' || answer.failureSource === 'policy') return failedRun(answer)
  const { lossPercent, avgMs, sent, received } = result.summary
  const problems: string[] = []
  if (lossPercent > settings.maxLossPercent)
    problems.push(`${lossPercent}% loss (${received} of ${sent} answered; alert above ${settings.maxLossPercent}%)`)
  if (avgMs !== null && settings.maxAvgLatencyMs !== undefined && avgMs > settings.maxAvgLatencyMs)
    problems.push(`Average ${avgMs} ms (alert above ${settings.maxAvgLatencyMs} ms)`)
  const how = result.mode === 'tcp' ? ` (TCP port ${result.port})` : ''
  return conclude(problems, avgMs, `${received} of ${sent} answered${how}, average ${avgMs} ms`)
}
