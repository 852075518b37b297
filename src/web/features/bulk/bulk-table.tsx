// The live table of a bulk run: every input in order with its status as rows arrive.
import { type BulkRow, bulkRowStatus } from '../../../shared/bulk.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { rowAnswer } from './bulk-export.ts'

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

/** What the row says: the answer in one line (the server's summary), or why there is none. */
function answerCell(line: BulkLine): string {
  return line.row ? rowAnswer(line.row) : ''
}

const columns: Column<BulkLine>[] = [
  { header: '#', cell: (line) => line.index + 1, className: 'text-zinc-400 tabular-nums' },
  { header: 'Input', cell: (line) => line.input, rowHeader: true, className: 'break-all' },
  {
    header: 'Status',
    cell: (line) => (line.row ? statusText[bulkRowStatus(line.row)] : 'Waiting…'),
    className: (line) => (line.row ? statusClass[bulkRowStatus(line.row)] : 'text-zinc-400'),
  },
  { header: 'Answer', cell: answerCell, className: 'whitespace-pre-wrap break-words' },
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
