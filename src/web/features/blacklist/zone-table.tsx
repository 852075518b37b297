import type { BlacklistRow } from '../../../shared/tools/blacklist/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { STATUS_LABELS } from './zone-status.ts'

function Detail({ row }: { row: BlacklistRow }) {
  const text = row.status === 'listed' || row.status === 'allowed' ? row.meanings.join('; ') : row.detail
  return (
    <>
      <span className={row.status === 'unverified' ? 'text-amber-200' : undefined}>{text}</span>
      {row.codes.length > 0 && <span className="ml-2 text-zinc-500">{row.codes.join(', ')}</span>}
      {row.reason && <span className="mt-0.5 block break-all text-zinc-400">“{row.reason}”</span>}
      {row.status === 'listed' && row.delisting && (
        <a
          href={row.delisting}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-0.5 block text-sky-300 underline underline-offset-2"
        >
          Request removal from {row.list}
        </a>
      )}
    </>
  )
}

function ListCell({ row }: { row: BlacklistRow }) {
  return (
    <>
      <a href={row.info} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:underline">
        {row.list}
      </a>
      <span className="block text-xs text-zinc-500">{row.zone}</span>
    </>
  )
}

function Verdict({ row }: { row: BlacklistRow }) {
  const label = STATUS_LABELS[row.status]
  return (
    <span className={`whitespace-nowrap rounded-md px-2 py-0.5 font-sans text-xs ${label.className}`}>
      {label.text}
    </span>
  )
}

const listColumn: Column<BlacklistRow> = { header: 'List', cell: (row) => <ListCell row={row} /> }
const targetColumn: Column<BlacklistRow> = { header: 'Checked', cell: (row) => row.target, className: 'break-all' }
const verdictColumns: Column<BlacklistRow>[] = [
  { header: 'Result', cell: (row) => <Verdict row={row} /> },
  { header: 'Details', cell: (row) => <Detail row={row} />, className: 'break-words' },
]

/** One row per list asked: its verdict badge, what the answer means, and the list's own reason. */
export function ZoneTable({ rows, showTarget }: { rows: readonly BlacklistRow[]; showTarget: boolean }) {
  const columns = showTarget ? [listColumn, targetColumn, ...verdictColumns] : [listColumn, ...verdictColumns]
  return (
    <DataTable
      caption="Block lists"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.id}-${row.target}`}
    />
  )
}
