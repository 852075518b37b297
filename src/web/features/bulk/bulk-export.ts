// A bulk run's rows as the files people take away: CSV (one line per input: its status, the message
// of a failure or refusal, and the answer's text lines) and JSON (the rows as the API sent them).
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { csvField } from '../../lib/result-export.ts'

export const BULK_CSV_HEADER = ['#', 'input', 'status', 'message', 'result'] as const

/** The row's failure or refusal, in the words the table shows. */
export function rowMessage(row: BulkRow): string {
  return row.error?.message ?? row.answer?.error ?? ''
}

export function bulkCsv(rows: readonly BulkRow[]): string {
  const lines = [BULK_CSV_HEADER.join(',')]
  for (const row of [...rows].sort((a, b) => a.index - b.index)) {
    const result = row.answer?.lines.join('\n') ?? ''
    const fields = [String(row.index + 1), row.input, bulkRowStatus(row), rowMessage(row), result]
    lines.push(fields.map(csvField).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

export function bulkJson(tool: string, rows: readonly BulkRow[]): object {
  return { tool, rows: [...rows].sort((a, b) => a.index - b.index) }
}

/** e.g. "nettoolbox-bulk-rdns-20260102-030405.csv" (UTC time). */
export function bulkFileName(tool: string, at: Date, extension: 'csv' | 'json'): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  return `nettoolbox-bulk-${tool}-${stamp}.${extension}`
}
