// A bulk run's rows as the files people take away: CSV (one record per input: its status in words,
// the answer in one line, the options of the batch and the answer's full text) and JSON (the options
// and the rows as the API sent them).
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { csvField } from '../../lib/result-export.ts'

export const BULK_CSV_HEADER = ['#', 'input', 'status', 'answer', 'options', 'full text'] as const

/** The row's failure or refusal, in the words the table shows. */
export function rowMessage(row: BulkRow): string {
  return row.error?.message ?? row.answer?.error ?? ''
}

/** What the row answered in one line: the server's summary, else why there is no answer. */
export function rowAnswer(row: BulkRow): string {
  return row.summary ?? rowMessage(row)
}

/** `options` is the batch's options in words (bulk-options.ts), repeated on every record. */
export function bulkCsv(rows: readonly BulkRow[], options = ''): string {
  const lines = [BULK_CSV_HEADER.join(',')]
  for (const row of [...rows].sort((a, b) => a.index - b.index)) {
    const text = row.answer?.lines.join('\n') ?? ''
    const fields = [String(row.index + 1), row.input, bulkRowStatus(row), rowAnswer(row), options, text]
    lines.push(fields.map(csvField).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

export function bulkJson(tool: string, rows: readonly BulkRow[], options?: object): object {
  return { tool, ...(options ? { options } : {}), rows: [...rows].sort((a, b) => a.index - b.index) }
}

/** e.g. "nettoolbox-bulk-rdns-20260102-030405.csv" (UTC time). */
export function bulkFileName(tool: string, at: Date, extension: 'csv' | 'json'): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  return `nettoolbox-bulk-${tool}-${stamp}.${extension}`
}
