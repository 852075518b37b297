// DNS monitor checked from several probe locations: each place's answer set (as in dns.ts) is compared
// with the baseline. A place whose answer differs is a problem, named with what it answers; a place
// that could not answer (its probe was lost, busy, or its resolver failed) is "not checked" there,
// never ok; when no place answered, the check could not be made.

import type { MeasurementRow } from '../../../../shared/measurements.ts'
import type { DnsMonitorSettings } from '../../../../shared/monitors.ts'
import type { DnsResult } from '../../../../shared/tools/dns/schema.ts'
import { answerSet } from './dns.ts'
import { plural, type Verdict } from './verdict.ts'

/** "frankfurt (Frankfurt, DE)": the probe's name and where it is. */
export function placeOf(row: MeasurementRow): string {
  const where = [row.probe.city, row.probe.country].filter(Boolean).join(', ')
  return where ? `${row.probe.name} (${where})` : row.probe.name
}

type PlaceAnswer = { place: string; set: string[] } | { place: string; error: string }

function answerAt(row: MeasurementRow, type: string): PlaceAnswer {
  const place = placeOf(row)
  if (row.status !== 'finished') return { place, error: row.error ?? row.status }
  const answer = row.result
  const result = answer?.result as DnsResult | null | undefined
  if (!answer || !result || !Array.isArray(result.queries)) {
    const whose = answer?.failureSource ? ` (${answer.failureSource})` : ''
    return { place, error: `${answer?.error ?? 'no result'}${whose}` }
  }
  const answered = answerSet(result, type)
  return 'error' in answered ? { place, error: answered.error } : { place, set: answered.set }
}

const list = (values: string[]) => (values.length === 0 ? 'no records' : values.join(', '))
const same = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i])
const countOf = (set: string[]) => (set[0] === 'NXDOMAIN' ? 0 : set.length)

export function evaluateDnsLocations(input: {
  settings: DnsMonitorSettings
  rows: MeasurementRow[]
  baseline: string[] | null
}): Verdict {
  const { settings, rows } = input
  const type = settings.type
  const answers = rows.map((row) => answerAt(row, type))
  const answered = answers.filter((a): a is { place: string; set: string[] } => 'set' in a)
  const unchecked = answers.filter((a): a is { place: string; error: string } => 'error' in a)
  const notChecked = unchecked.map((a) => `not checked from ${a.place}: ${a.error}`)
  const first = answered[0]
  if (!first) {
    const why = unchecked.map((a) => `${a.place}: ${a.error}`).join('; ')
    return { state: 'unknown', value: null, summary: `Not checked from any location: ${why || 'no probe answered'}` }
  }
  const recording = input.baseline === null
  const baseline = input.baseline ?? first.set
  const differing = answered.filter((a) => !same(a.set, baseline))
  const matching = answered.filter((a) => same(a.set, baseline))
  const value = countOf(first.set)
  const tail = notChecked.length > 0 ? `; ${notChecked.join('; ')}` : ''
  const places = (of: Array<{ place: string }>) => of.map((a) => a.place).join(', ')
  const differences = differing.map((a) => `${a.place} answers ${list(a.set)}`).join('; ')
  if (recording) {
    const recorded = `Baseline recorded from ${places(matching)}: ${type} ${list(baseline)}`
    if (differing.length === 0) return { state: 'ok', value, summary: `${recorded}${tail}`, baseline }
    return {
      state: 'problem',
      value,
      summary: `${recorded}; locations disagree: ${differences}${tail}`,
      baseline,
    }
  }
  if (differing.length > 0) {
    return {
      state: 'problem',
      value,
      summary: `${type} answer differs from the baseline (${list(baseline)}) at ${places(differing)}: ${differences}${tail}`,
    }
  }
  return {
    state: 'ok',
    value,
    summary: `${type} unchanged at ${places(matching)}: ${plural(countOf(baseline), 'record')}${tail}`,
  }
}
