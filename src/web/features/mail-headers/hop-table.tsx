import { delayText, formatDuration, fromText, timeText } from '../../../shared/tools/mail-headers/format.ts'
import type { Hop } from '../../../shared/tools/mail-headers/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { HopList } from './hop-list.tsx'

const columns: Column<Hop>[] = [
  { header: 'Hop', cell: (hop) => hop.number, rowHeader: true, className: 'tabular-nums' },
  { header: 'From', cell: (hop) => fromText(hop), className: 'break-all' },
  { header: 'By', cell: (hop) => hop.by ?? '—', className: 'break-all' },
  { header: 'With', cell: (hop) => hop.with ?? '—' },
  {
    header: 'TLS',
    cell: (hop) => hop.tls ?? 'not stated',
    className: (hop) => (hop.tls === 'none' ? 'text-amber-300' : hop.tls ? 'text-emerald-300' : 'text-zinc-400'),
  },
  { header: 'Time (UTC)', cell: (hop) => timeText(hop), className: 'whitespace-nowrap tabular-nums' },
  {
    header: 'Delay',
    cell: (hop) => delayText(hop),
    className: (hop) => `tabular-nums ${(hop.delaySeconds ?? 0) < 0 ? 'text-amber-300' : ''}`,
  },
]

/**
 * The Received headers oldest first, and the total delivery time under them: a table where it fits,
 * a list on phones (seven columns of host names cannot fit 390 px without scrolling sideways).
 */
export function HopTable({ hops, totalSeconds }: { hops: readonly Hop[]; totalSeconds?: number }) {
  return (
    <div className="space-y-1">
      <div className="sm:hidden">
        {hops.length === 0 ? (
          <p className="font-sans text-sm text-zinc-400">No Received headers</p>
        ) : (
          <HopList hops={hops} />
        )}
      </div>
      <div className="hidden sm:block">
        <DataTable
          caption="Hops, oldest first"
          columns={columns}
          rows={hops}
          rowKey={(hop) => String(hop.number)}
          density="compact"
          empty="No Received headers"
        />
      </div>
      {totalSeconds !== undefined && (
        <p className="font-sans text-sm text-zinc-300">
          Total delivery time: <span className="tabular-nums">{formatDuration(totalSeconds)}</span>
        </p>
      )}
    </div>
  )
}
