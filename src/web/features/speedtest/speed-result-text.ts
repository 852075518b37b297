// A finished speed test as text, for "Copy": the server, each measure or why it failed, latency
// under load and the bufferbloat grade, the quality figures, the idle latency samples.

import { speedQualityLines } from '../../../shared/tools/speedtest/quality-lines.ts'
import type { LoadedLatency } from '../../../shared/tools/speedtest/schema.ts'
import { SPEED_MESSAGES } from './engine/constants.ts'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const SERVER_NAMES = { ours: 'this site’s server', cloudflare: 'Cloudflare' } as const

const loadedText = (l: LoadedLatency | null | undefined) =>
  l ? `${formatMs(l.ping)} ms (jitter ${formatMs(l.jitter)} ms)` : 'not measured (no probe answered)'

export function speedResultText(report: SpeedTestReport): string {
  const { result, latency } = report
  const measure = (value: number | null, format: (v: number) => string, unit: string, reason: string) =>
    value === null ? `Failed (${reason})` : `${format(value)} ${unit}`
  const rate = (direction: 'download' | 'upload', failed: string) => {
    const text = measure(result[direction], formatMbps, 'Mbps', result.errors[direction] ?? failed)
    const incomplete = result[direction] === null ? undefined : result.incomplete?.[direction]
    return incomplete ? `${text} (incomplete: ${incomplete})` : text
  }
  const lines = [
    `Server: ${result.serverLocation} (${SERVER_NAMES[result.server]})`,
    `Download: ${rate('download', SPEED_MESSAGES.downloadFailed)}`,
    `Upload: ${rate('upload', SPEED_MESSAGES.uploadFailed)}`,
    `Ping: ${measure(result.ping, formatMs, 'ms', result.errors.latency ?? SPEED_MESSAGES.latencyFailed)}`,
    `Jitter: ${measure(result.jitter, formatMs, 'ms', result.errors.latency ?? SPEED_MESSAGES.latencyFailed)}`,
  ]
  if (result.loaded) {
    lines.push(`Latency during download: ${loadedText(result.loaded.download)}`)
    lines.push(`Latency during upload: ${loadedText(result.loaded.upload)}`)
  }
  if (result.bufferbloat) {
    const { grade, addedMs, scale } = result.bufferbloat
    lines.push(`Bufferbloat: grade ${grade}, ${formatMs(addedMs)} ms more under load (${scale})`)
  } else if (result.bufferbloat === null) {
    lines.push('Bufferbloat: not graded (needs the idle latency and the latency under load)')
  }
  lines.push(...speedQualityLines(result))
  if (latency && latency.samples.length > 0)
    lines.push(`Latency samples (ms): ${latency.samples.map(formatMs).join(', ')}`)
  return lines.join('\n')
}
