// A saved result as its tool shows it in text: each tool's own line renderer, never raw JSON. A
// result whose shape no longer matches its tool (saved by an older version) is shown field by field.
// A measurement from several places reads as its side-by-side tables, then each location's lines.
import type { z } from 'zod'
import type { CatalogueId, ToolId } from '../../../shared/catalogue.ts'
import { isStoredMeasurement } from '../../../shared/measurements.ts'
import { abuseResult } from '../../../shared/tools/abuse.ts'
import { abuseLines } from '../../../shared/tools/abuse-lines.ts'
import { asnLines, asnResult } from '../../../shared/tools/asn.ts'
import { blacklistResult } from '../../../shared/tools/blacklist.ts'
import { blacklistLines } from '../../../shared/tools/blacklist-lines.ts'
import { dnsResult } from '../../../shared/tools/dns.ts'
import { dnsLines } from '../../../shared/tools/dns-lines.ts'
import { geolocationLines, geolocationResult } from '../../../shared/tools/geolocation.ts'
import { mailResult } from '../../../shared/tools/mail.ts'
import { mailLines } from '../../../shared/tools/mail-lines.ts'
import { pingLines, pingResult } from '../../../shared/tools/ping.ts'
import { rdnsLines, rdnsResult } from '../../../shared/tools/rdns.ts'
import { type SpeedTestResult, speedTestResult } from '../../../shared/tools/speedtest.ts'
import { speedQualityLines } from '../../../shared/tools/speedtest-quality-lines.ts'
import { sslResult } from '../../../shared/tools/ssl.ts'
import { sslLines } from '../../../shared/tools/ssl-lines.ts'
import { tracerouteLines, tracerouteResult } from '../../../shared/tools/traceroute.ts'
import { websiteCheckResult } from '../../../shared/tools/website-check.ts'
import { websiteCheckLines } from '../../../shared/tools/website-check-lines.ts'
import { whatismyipLines, whatismyipResult } from '../../../shared/tools/whatismyip.ts'
import { whoisLines, whoisResult } from '../../../shared/tools/whois.ts'
import { storedMeasurementLines } from '../measurements/index.ts'

interface Renderer {
  schema: z.ZodType
  lines: (result: never) => string[]
}

function speedLines(r: SpeedTestResult): string[] {
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

/** Every tool's renderer (a tool without one does not compile), and the speed test's. */
const RENDERERS: Readonly<Record<ToolId | Extract<CatalogueId, 'speedtest'>, Renderer>> = {
  abuse: { schema: abuseResult, lines: abuseLines },
  asn: { schema: asnResult, lines: asnLines },
  blacklist: { schema: blacklistResult, lines: blacklistLines },
  dns: { schema: dnsResult, lines: dnsLines },
  geolocation: { schema: geolocationResult, lines: geolocationLines },
  mail: { schema: mailResult, lines: mailLines },
  ping: { schema: pingResult, lines: pingLines },
  rdns: { schema: rdnsResult, lines: rdnsLines },
  speedtest: { schema: speedTestResult, lines: speedLines },
  ssl: { schema: sslResult, lines: sslLines },
  traceroute: { schema: tracerouteResult, lines: tracerouteLines },
  'website-check': { schema: websiteCheckResult, lines: websiteCheckLines },
  whatismyip: { schema: whatismyipResult, lines: whatismyipLines },
  whois: { schema: whoisResult, lines: whoisLines },
}

/** "field: value" lines, nested fields indented: readable whatever the shape. */
export function fieldLines(value: unknown, indent = ''): string[] {
  if (value === null || value === undefined) return [`${indent}–`]
  if (typeof value !== 'object') return [`${indent}${String(value)}`]
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [`${indent}${value.join(', ') || '–'}`]
    return value.flatMap((v, i) => [`${indent}${i + 1}.`, ...fieldLines(v, `${indent}  `)])
  }
  return Object.entries(value).flatMap(([key, v]) =>
    v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((x) => typeof x !== 'object'))
      ? [`${indent}${key}:`, ...fieldLines(v, `${indent}  `)]
      : [`${indent}${key}: ${fieldLines(v)[0] ?? ''}`],
  )
}

export function resultLines(toolName: string, data: unknown): string[] {
  if (isStoredMeasurement(data)) return storedMeasurementLines(data)
  const renderer = Object.hasOwn(RENDERERS, toolName) ? RENDERERS[toolName as keyof typeof RENDERERS] : undefined
  if (renderer) {
    const parsed = renderer.schema.safeParse(data)
    if (parsed.success) return renderer.lines(parsed.data as never)
  }
  if (Array.isArray(data) && data.every((line) => typeof line === 'string')) return data
  return fieldLines(data)
}
