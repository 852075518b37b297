// A monitor's thresholds in words: what makes one of its checks a problem.
import type { MonitorItem } from '../../../shared/monitors.ts'

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null)

/** "1 day", "14 days", "? days" when the setting is missing. */
const days = (value: unknown): string => {
  const n = num(value)
  return n === 1 ? '1 day' : `${n ?? '?'} days`
}

export function describeSettings(monitor: Pick<MonitorItem, 'kind' | 'settings'>): string {
  const s = monitor.settings
  switch (monitor.kind) {
    case 'ssl': {
      const grade = typeof s.minGrade === 'string' ? `, or its grade falls below ${s.minGrade}` : ''
      return `A problem when the certificate is untrusted, names another host or expires within ${days(s.expiryDays)}${grade}.`
    }
    case 'mail':
      return `A problem when a mail server refuses, lacks STARTTLS, or its certificate is untrusted, names another host or expires within ${days(s.expiryDays)}.`
    case 'dns':
      return `Watches the ${typeof s.type === 'string' ? s.type : 'A'} records: a problem when the answer differs from the recorded one.`
    case 'website': {
      const latency = num(s.maxLatencyMs)
      return `A problem when the site does not answer or answers with an error status${latency === null ? '' : `, or takes longer than ${latency} ms`}.`
    }
    case 'ping': {
      const latency = num(s.maxAvgLatencyMs)
      const slow = latency === null ? '' : ` or the average round trip exceeds ${latency} ms`
      return `A problem when more than ${num(s.maxLossPercent) ?? '?'} % of the probes are lost${slow}.`
    }
    case 'blacklist':
      return 'A problem when a block list that could be checked lists the target.'
  }
}
