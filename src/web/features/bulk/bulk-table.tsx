// The live table of a bulk run: every input in order with its status as rows arrive.
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { rowMessage } from './bulk-export.ts'

/** An input of the run: its row once it has arrived. */
export interface BulkLine {
  index: number
  input: string
  row?: BulkRow
}

const statusText = { ok: 'OK', failed: 'Failed', invalid: 'Invalid input', refused: 'Refused' } as const
const statusClass = {
  ok: 'text-emerald-400',
  failed: 'text-amber-300',
  invalid: 'text-red-300',
  refused: 'text-red-300',
} as const

/** What the row says: the failure or refusal, else the answer's first lines that are not dig-style comments. */
function summary(line: BulkLine): string {
  if (!line.row) return ''
  const message = rowMessage(line.row)
  if (message) return message
  const lines = (line.row.answer?.lines ?? []).filter((text) => text.trim() !== '' && !text.startsWith(';'))
  return lines.slice(0, 3).join(' · ')
}

const columns: Column<BulkLine>[] = [
  { header: '#', cell: (line) => line.index + 1, className: 'text-zinc-400 tabular-nums' },
  { header: 'Input', cell: (line) => line.input, rowHeader: true, className: 'break-all' },
  {
    header: 'Status',
    cell: (line) => (line.row ? statusText[bulkRowStatus(line.row)] : 'Waiting…'),
    className: (line) => (line.row ? statusClass[bulkRowStatus(line.row)] : 'text-zinc-400'),
  },
  { header: 'Result', cell: summary, className: 'whitespace-pre-wrap break-words' },
]

export function BulkTable({ lines }: { lines: readonly BulkLine[] }) {
  return (
    <DataTable
      caption="Bulk results"
      columns={columns}
      rows={lines}
      rowKey={(line) => String(line.index)}
      density="compact"
      empty="No inputs yet"
    />
  )
}
