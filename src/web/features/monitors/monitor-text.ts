// How monitors read on screen: the name of each kind, what its chart measures and how a value, a state
// and an uptime are written. Words first, so no state is told by colour alone.
import { CHECK_VALUE_UNITS, type MonitorKind, type MonitorState } from '../../../shared/monitors.ts'

export const KIND_NAMES: Record<MonitorKind, string> = {
  ssl: 'SSL/TLS certificate',
  blacklist: 'Block lists',
  dns: 'DNS answer',
  website: 'Website',
  mail: 'Mail server',
  ping: 'Ping',
}

/** What a monitor of each kind watches, for the kind picker. */
export const KIND_HINTS: Record<MonitorKind, string> = {
  ssl: 'Certificate expiry and the SSL/TLS grade of a host',
  blacklist: 'Listings of an IP address or domain on DNS block lists',
  dns: 'Changes to the records a name answers with',
  website: 'Whether a website answers, and how fast',
  mail: 'STARTTLS and the certificate of a domain’s mail servers',
  ping: 'Packet loss and round-trip time to a host',
}

/** The label of the target field per kind (the tool's own input). */
export const TARGET_LABELS: Record<MonitorKind, string> = {
  ssl: 'Host (and port)',
  blacklist: 'IP address or domain',
  dns: 'Domain name',
  website: 'Website URL',
  mail: 'Mail domain',
  ping: 'Host or IP address',
}

export const TARGET_PLACEHOLDERS: Record<MonitorKind, string> = {
  ssl: 'example.com or example.com:8443',
  blacklist: '203.0.113.7 or example.com',
  dns: 'example.com',
  website: 'https://example.com',
  mail: 'example.com',
  ping: 'example.com',
}

/** The measured value's name per kind: the chart's title. */
export const VALUE_TITLES: Record<MonitorKind, string> = {
  ssl: 'Days until the certificate expires',
  blacklist: 'Block-list listings',
  dns: 'Records in the answer',
  website: 'Response time',
  mail: 'Days until the STARTTLS certificate expires',
  ping: 'Average round-trip time',
}

const plural = (n: number, one: string, many: string) => `${n} ${Math.abs(n) === 1 ? one : many}`

/** A check's value with its unit ("38 ms", "12 days", "1 listing"). */
export function formatValue(kind: MonitorKind, value: number): string {
  switch (CHECK_VALUE_UNITS[kind]) {
    case 'ms':
      return `${value < 10 && !Number.isInteger(value) ? value.toFixed(1) : Math.round(value)} ms`
    case 'days to expiry':
      return plural(Math.round(value), 'day', 'days')
    case 'listings':
      return plural(value, 'listing', 'listings')
    case 'records':
      return plural(value, 'record', 'records')
  }
}

/** Kinds whose value is counted (whole-number axis). */
export function countsWhole(kind: MonitorKind): boolean {
  return CHECK_VALUE_UNITS[kind] !== 'ms'
}

export const STATE_WORDS: Record<MonitorState, string> = {
  ok: 'OK',
  problem: 'Problem',
  unknown: 'Unknown',
  paused: 'Paused',
}

/** An uptime share as people read it: "99.95 %", or "no data" when nothing was checked in the window. */
export function formatUptime(percent: number | null): string {
  if (percent === null) return 'no data'
  if (percent === 100) return '100 %'
  const digits = percent >= 99 ? 2 : 1
  // Never round a share below 100 % up to 100 %: a single failure must show.
  const factor = 10 ** digits
  return `${(Math.floor(percent * factor) / factor).toFixed(digits)} %`
}

/** "every 5 minutes", "every hour", "every 2 hours", "every day". */
export function formatInterval(minutes: number): string {
  if (minutes === 1) return 'every minute'
  if (minutes % 1440 === 0) return minutes === 1440 ? 'every day' : `every ${minutes / 1440} days`
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`
  return `every ${minutes} minutes`
}
