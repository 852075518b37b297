// A finished speed test as text, for "Copy": the server, each measure or why it failed, the latency samples.
import { SPEED_MESSAGES } from './engine/constants.ts'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const SERVER_NAMES = { ours: 'this site’s server', cloudflare: 'Cloudflare' } as const

export function speedResultText(report: SpeedTestReport): string {
  const { result, latency } = report
  const measure = (value: number | null, format: (v: number) => string, unit: string, reason: string) =>
    value === null ? `Failed (${reason})` : `${format(value)} ${unit}`
  const lines = [
    `Server: ${result.serverLocation} (${SERVER_NAMES[result.server]})`,
    `Download: ${measure(result.download, formatMbps, 'Mbps', result.errors.download ?? SPEED_MESSAGES.downloadFailed)}`,
    `Upload: ${measure(result.upload, formatMbps, 'Mbps', result.errors.upload ?? SPEED_MESSAGES.uploadFailed)}`,
    `Ping: ${measure(result.ping, formatMs, 'ms', result.errors.latency ?? SPEED_MESSAGES.latencyFailed)}`,
    `Jitter: ${measure(result.jitter, formatMs, 'ms', result.errors.latency ?? SPEED_MESSAGES.latencyFailed)}`,
  ]
  if (latency && latency.samples.length > 0)
    lines.push(`Latency samples (ms): ${latency.samples.map(formatMs).join(', ')}`)
  return lines.join('\n')
}
