// The zone's SOA serial per authoritative server: a server behind the highest serial marked with an
// icon and the words "Behind by N" (never by colour alone), a silent one with why and whose failure.
import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react'
import type { SoaSerialRow, SoaSerials } from '../../../shared/tools/dns/propagation.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const failureText: Record<NonNullable<SoaSerialRow['failureSource']>, string> = {
  target: 'the server’s failure',
  server: 'our failure',
  policy: 'not asked: refused by our target policy',
}

function SerialState({ row }: { row: SoaSerialRow }) {
  if (row.state === 'behind')
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-amber-200">
        <CircleAlert aria-hidden className="size-4 shrink-0" />
        Behind by {row.behindBy}
      </span>
    )
  if (row.state === 'current')
    return (
      <span className="inline-flex items-center gap-1 text-emerald-200">
        <CircleCheck aria-hidden className="size-4 shrink-0" />
        Current
      </span>
    )
  return (
    <span className="inline-flex items-center gap-1 text-zinc-300">
      <CircleHelp aria-hidden className="size-4 shrink-0" />
      No serial
    </span>
  )
}

const columns: Column<SoaSerialRow>[] = [
  {
    header: 'Server',
    rowHeader: true,
    cell: (row) => (
      <>
        {row.name}
        {row.server && <div className="text-xs text-zinc-400">{row.server}</div>}
      </>
    ),
  },
  { header: 'State', cell: (row) => <SerialState row={row} />, className: 'whitespace-nowrap' },
  {
    header: 'Serial',
    cell: (row) =>
      row.serial !== undefined
        ? row.serial
        : `${row.error ?? 'No answer'} (${failureText[row.failureSource ?? 'target']})`,
    className: (row) => (row.serial !== undefined ? 'tabular-nums' : 'break-words text-zinc-300'),
  },
]

/** The serials side by side, with the one-line verdict. */
export function SoaSerialsTable({ soa }: { soa: SoaSerials }) {
  return (
    <section className="space-y-2" aria-label="SOA serials">
      <h4 className="font-sans text-sm text-zinc-300">
        SOA serials of <span className="font-mono text-zinc-100">{soa.zone}</span>
      </h4>
      <p className="font-sans text-sm text-zinc-100" data-testid="soa-verdict">
        {soa.verdict}
      </p>
      <DataTable
        caption={`SOA serial of ${soa.zone} by authoritative server`}
        captionHidden
        columns={columns}
        rows={soa.servers}
        rowKey={(row, index) => `${row.name}-${row.server}-${index}`}
        rowClassName={(row) => (row.state === 'behind' ? 'bg-amber-950/60' : '')}
      />
    </section>
  )
}
