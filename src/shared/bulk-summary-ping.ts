// The one-line answer of a ping in a bulk run: loss and round-trip times, as the statistics line of the
// system ping says them ("198.51.100.10: 0% loss (4 of 4 replies) · avg 0.045 ms, min 0.030, max 0.060").
import { SUMMARY_SEPARATOR } from './bulk-summary-dns.ts'
import type { PingResult } from './tools/ping/schema.ts'

const ms = (value: number) => `${value.toFixed(3)} ms`

export function summarizePing(result: PingResult): string {
  const s = result.summary
  const target = result.mode === 'tcp' ? `${result.address} port ${result.port}` : result.address
  const loss = `${target}: ${s.lossPercent}% loss (${s.received} of ${s.sent} replies)`
  if (s.avgMs === null || s.minMs === null || s.maxMs === null) return loss
  return [loss, `avg ${ms(s.avgMs)}, min ${ms(s.minMs)}, max ${ms(s.maxMs)}`].join(SUMMARY_SEPARATOR)
}
