// DNS monitor: the answer set of one name and type, compared with the baseline recorded at the first
// answer. TTLs are ignored; a name that does not exist is the answer set "NXDOMAIN".
import type { DnsMonitorSettings } from '../../../../shared/monitors.ts'
import type { DnsResult } from '../../../../shared/tools/dns/schema.ts'
import { type Evaluator, failedRun, plural, type Verdict } from './verdict.ts'

/** The answer set: record values of the asked type, sorted; ["NXDOMAIN"] for a name that does not exist. */
export function answerSet(result: DnsResult, type: string): { set: string[] } | { error: string } {
  const query = result.queries.find((q) => q.type === type)
  if (!query) {
    const missing = result.unanswered?.find((u) => u.type === type)
    return { error: missing?.error ?? `no answer for ${type}` }
  }
  if (query.rcode === 'NXDOMAIN') return { set: ['NXDOMAIN'] }
  if (query.rcode !== 'NOERROR') return { error: `the resolver answered ${query.rcode}` }
  const values = query.answers.filter((record) => record.type === type).map((record) => record.value)
  return { set: [...new Set(values)].sort() }
}

const list = (values: string[]) => (values.length === 0 ? 'no records' : values.join(', '))

export const evaluateDns: Evaluator<DnsMonitorSettings, DnsResult> = ({ settings, answer, baseline }): Verdict => {
  const result = answer.result
  if (!result) return failedRun(answer)
  const answered = answerSet(result, settings.type)
  if ('error' in answered)
    return {
      state: 'unknown',
      value: null,
      summary: `Not checked: ${settings.type} of ${result.name}: ${answered.error}`,
    }
  const { set } = answered
  const count = set[0] === 'NXDOMAIN' ? 0 : set.length
  if (baseline === null) {
    return {
      state: 'ok',
      value: count,
      summary: `Baseline recorded: ${settings.type} ${list(set)}`,
      baseline: set,
    }
  }
  const added = set.filter((v) => !baseline.includes(v))
  const removed = baseline.filter((v) => !set.includes(v))
  if (added.length === 0 && removed.length === 0)
    return { state: 'ok', value: count, summary: `${settings.type} unchanged: ${plural(count, 'record')}` }
  const parts = [
    added.length ? `added ${added.join(', ')}` : '',
    removed.length ? `removed ${removed.join(', ')}` : '',
  ].filter(Boolean)
  return { state: 'problem', value: count, summary: `${settings.type} answer changed: ${parts.join('; ')}` }
}
