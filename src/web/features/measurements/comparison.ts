// The side-by-side tables of a measurement: the columns each tool compares across locations (ping's
// round trips, traceroute's path, DNS answers, the website check's status, timings, TLS and headers),
// or the first line of each answer for the others.
// Pure text, so that the page, the copied text and the CSV file say the same.
import type { MeasurementToolId } from '../../../shared/measurements.ts'
import { compareDns } from './compare-dns.ts'
import { comparePing } from './compare-ping.ts'
import { compareTraceroute } from './compare-traceroute.ts'
import { compareWebsite } from './compare-website.ts'
import type { ComparisonTable, RowSlot } from './comparison-types.ts'

export type { ComparisonColumn, ComparisonTable, RowSlot } from './comparison-types.ts'

/** The first line of the row's answer, or its error: what a tool without a table of its own shows. */
export function summaryLine(row: RowSlot): string {
  const answer = row?.result
  if (!answer) return ''
  if (answer.status === 'failed') return answer.error ?? ''
  return answer.lines.find((line) => line.trim() !== '' && !line.startsWith(';')) ?? ''
}

const genericTable: ComparisonTable = {
  caption: 'Answers by location',
  columns: [{ header: 'Summary', text: (row) => summaryLine(row) }],
}

/** The tables of a measurement of `tool`; each has the location and status columns before its own. */
export function compareRows(
  tool: MeasurementToolId,
  rows: readonly RowSlot[],
  options: Readonly<Record<string, unknown>> = {},
): ComparisonTable[] {
  if (tool === 'ping') return [comparePing()]
  if (tool === 'traceroute') return [compareTraceroute()]
  if (tool === 'dns') return compareDns(rows, options) ?? [genericTable]
  if (tool === 'website-check') return compareWebsite(rows)
  return [genericTable]
}
