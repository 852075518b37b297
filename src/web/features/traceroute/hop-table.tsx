import type { TracerouteHop } from '../../../shared/tools/traceroute/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import type { TracerouteView } from './traceroute-live.ts'

const ms = (value: number | null) => (value === null ? '-' : value.toFixed(value < 10 ? 2 : 1))

function HostCell({ hop }: { hop: TracerouteHop }) {
  if (hop.address === null) return <span className="text-zinc-500">* * *</span>
  return (
    <>
      <span className="text-zinc-100">{hop.hostname ?? hop.address}</span>
      {hop.hostname && <span className="block text-xs text-zinc-400">{hop.address}</span>}
      {hop.otherAddresses.length > 0 && (
        <span className="block text-xs text-zinc-400">also {hop.otherAddresses.join(', ')}</span>
      )}
    </>
  )
}

const lossTone = (hop: TracerouteHop) =>
  hop.lossPercent === 0 ? '' : hop.lossPercent === 100 ? 'text-red-400' : 'text-amber-300'

const timeColumn = (header: string, value: (hop: TracerouteHop) => number | null): Column<TracerouteHop> => ({
  header,
  cell: (hop) => ms(value(hop)),
  className: 'tabular-nums',
})

const columns: Column<TracerouteHop>[] = [
  { header: 'Hop', cell: (hop) => hop.hop, className: 'tabular-nums text-zinc-400' },
  { header: 'Host', cell: (hop) => <HostCell hop={hop} />, className: 'break-all' },
  {
    header: 'ASN',
    cell: (hop) => (hop.asn ? <span title={hop.asn.name}>AS{hop.asn.number}</span> : ''),
    className: 'text-zinc-300',
  },
  {
    header: 'Loss',
    cell: (hop) => `${hop.lossPercent.toFixed(1)}%`,
    className: (hop) => `tabular-nums ${lossTone(hop)}`,
  },
  { header: 'Sent', cell: (hop) => hop.sent, className: 'tabular-nums' },
  timeColumn('Last', (hop) => hop.lastMs),
  timeColumn('Avg', (hop) => hop.avgMs),
  timeColumn('Best', (hop) => hop.bestMs),
  timeColumn('Worst', (hop) => hop.worstMs),
  timeColumn('StDev', (hop) => hop.stdevMs),
]

/** One row per hop, filling in as mtr finds them; times in ms. */
export function HopTable({ view }: { view: TracerouteView }) {
  return (
    <section className="space-y-2 border-b border-zinc-800 pb-4" aria-label="Traceroute hops">
      {view.header && <p className="text-zinc-300">{view.header}</p>}
      {view.hops.length > 0 && (
        <DataTable
          caption="Hops"
          captionHidden
          density="compact"
          className="text-[13px]"
          columns={columns}
          rows={view.hops}
          rowKey={(hop) => String(hop.hop)}
        />
      )}
      {view.reached === false && <p className="text-amber-300">The destination did not answer.</p>}
    </section>
  )
}
