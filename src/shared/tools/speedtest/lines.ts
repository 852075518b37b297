// A speed test as text: each measured rate, or why it failed, then the latency under load and the
// quality figures.
import { speedQualityLines } from './quality-lines.ts'
import type { SpeedTestResult } from './schema.ts'

export function speedTestLines(r: SpeedTestResult): string[] {
  const measure = (value: number | null, unit: string, why?: string) =>
    value === null ? `failed${why ? ` (${why})` : ''}` : `${value} ${unit}`
  const lines = [
    `Server: ${r.serverLocation}`,
    `Download: ${measure(r.download, 'Mbps', r.errors.download)}`,
    `Upload: ${measure(r.upload, 'Mbps', r.errors.upload)}`,
    `Ping: ${measure(r.ping, 'ms', r.errors.latency)}`,
    `Jitter: ${measure(r.jitter, 'ms', r.errors.latency)}`,
  ]
  if (r.loaded?.download) lines.push(`Latency during download: ${r.loaded.download.ping} ms`)
  if (r.loaded?.upload) lines.push(`Latency during upload: ${r.loaded.upload.ping} ms`)
  if (r.bufferbloat) lines.push(`Bufferbloat: grade ${r.bufferbloat.grade} (+${r.bufferbloat.addedMs} ms under load)`)
  return [...lines, ...speedQualityLines(r)]
}
