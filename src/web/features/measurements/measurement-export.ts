// A measurement as text (the side-by-side tables, then each location's own lines) and as CSV (one
// record per location); the history and Copy use the text, "Download CSV" the file.
import { findEntry } from '../../../shared/catalogue.ts'
import type { StoredMeasurement } from '../../../shared/measurements.ts'
import { csvField } from '../../lib/result-export.ts'
import { type ComparisonTable, compareRows, type RowSlot } from './comparison.ts'
import type { MeasurementState } from './measurement-state.ts'
import { probeLine, probeNetwork, probeTitle } from './probe-label.ts'
import { rowStatus, rowStatusText } from './row-status.ts'

type Exported = Pick<MeasurementState, 'tool' | 'input' | 'options' | 'rows' | 'createdAt'>

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function locationCell(row: RowSlot, index: number): string {
  return row ? probeTitle(row.probe) : `Location ${index + 1}`
}

/** Columns padded to a common width, two spaces apart; the last column is not padded. */
export function textTable(headers: string[], cells: string[][]): string[] {
  const widths = headers.map((h, c) => Math.max(h.length, ...cells.map((row) => (row[c] ?? '').length)))
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(headers), ...cells.map(line)]
}

function tableLines(table: ComparisonTable, rows: readonly RowSlot[]): string[] {
  const headers = ['Location', 'Status', ...table.columns.map((c) => c.header)]
  const cells = rows.map((row, index) => [
    locationCell(row, index),
    rowStatus(row).whose ? `${rowStatus(row).label} (${rowStatus(row).whose})` : rowStatus(row).label,
    ...table.columns.map((c) => c.text(row, index)),
  ])
  return [table.caption, ...(table.verdict ? [table.verdict] : []), ...textTable(headers, cells)]
}

export function measurementTitle(m: Pick<Exported, 'tool' | 'input' | 'rows'>): string {
  const name = findEntry(m.tool)?.name ?? m.tool
  return `${name} ${m.input} from ${plural(m.rows.length, 'location')}`
}

/** The whole measurement as text: title, the comparison tables, then every location's own answer. */
export function measurementLines(m: Exported): string[] {
  const lines = [measurementTitle(m)]
  if (m.createdAt) lines.push(`Measured ${m.createdAt}`)
  for (const table of compareRows(m.tool, m.rows, m.options)) lines.push('', ...tableLines(table, m.rows))
  m.rows.forEach((row, index) => {
    lines.push('', `== ${row ? probeLine(row.probe) : `Location ${index + 1}`}: ${rowStatusText(rowStatus(row))}`)
    if (row?.result) lines.push(...row.result.lines)
  })
  return lines
}

export function measurementCsv(m: Exported): string {
  const tables = compareRows(m.tool, m.rows, m.options)
  const named = (table: ComparisonTable, header: string) =>
    tables.length > 1 ? `${table.caption.replace(/ by location$/, '')}: ${header}` : header
  const headers = ['#', 'location', 'network', 'probe', 'status', 'failure', 'message']
  for (const table of tables) for (const column of table.columns) headers.push(named(table, column.header))
  headers.push('result')
  const records = [headers]
  m.rows.forEach((row, index) => {
    const status = rowStatus(row)
    const record = [
      String(index + 1),
      locationCell(row, index),
      row ? probeNetwork(row.probe) : '',
      row?.probe.name ?? '',
      status.label,
      status.whose ?? '',
      status.detail ?? '',
    ]
    for (const table of tables) for (const column of table.columns) record.push(column.text(row, index))
    record.push(row?.result?.lines.join('\n') ?? '')
    records.push(record)
  })
  return `${records.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`
}

/** e.g. "nettoolbox-ping-example.com-3-locations-20260102-030405.csv" (UTC time). */
export function measurementFileName(m: Pick<Exported, 'tool' | 'input' | 'rows'>, at: Date, extension: string) {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  const input = m.input
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `nettoolbox-${m.tool}${input ? `-${input}` : ''}-${m.rows.length}-locations-${stamp}.${extension}`
}

/** The measurement as GET /api/measurements/:id sends it (rows not heard from yet are null). */
export function measurementJson(m: MeasurementState): object {
  return {
    id: m.id,
    tool: m.tool,
    input: m.input,
    options: m.options,
    locations: m.locations,
    status: m.finished ? 'finished' : 'in-progress',
    createdAt: m.createdAt,
    results: m.rows.map((row) => row ?? null),
    runId: m.runId,
  }
}

/** Where a measurement was made, for a heading: "3 locations: Frankfurt, Germany; Paris, France; This server". */
export function measuredFrom(rows: readonly RowSlot[]): string {
  const places = rows.map((row, index) => locationCell(row, index))
  return `${plural(places.length, 'location')}: ${places.join('; ')}`
}

/** A stored measurement (history, saved results) as text. */
export function storedMeasurementLines(stored: StoredMeasurement): string[] {
  return measurementLines({ ...stored, rows: stored.results })
}
