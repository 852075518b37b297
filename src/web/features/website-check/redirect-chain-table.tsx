import type { WebsiteHop } from '../../../shared/tools/website-check/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { TimingsBar, TimingsKey } from './timings-bar.tsx'

function statusClass(status: number | null): string {
  if (status === null || status >= 400) return 'text-red-300'
  return status >= 300 ? 'text-amber-300' : 'text-emerald-300'
}

function UrlCell({ hop }: { hop: WebsiteHop }) {
  return (
    <>
      {hop.url}
      {hop.location && <div className="text-zinc-400">→ {hop.location}</div>}
      {hop.error && <div className="text-red-300">{hop.error}</div>}
    </>
  )
}

function columnsFor(scaleMs: number): Column<WebsiteHop>[] {
  return [
    { header: '#', cell: (_hop, index) => index + 1, className: 'text-zinc-400' },
    {
      header: 'Status',
      cell: (hop) => hop.status ?? '—',
      className: (hop) => `tabular-nums ${statusClass(hop.status)}`,
    },
    { header: 'URL', cell: (hop) => <UrlCell hop={hop} />, className: 'break-all' },
    { header: 'Address', cell: (hop) => hop.address ?? '—', className: 'whitespace-nowrap text-zinc-300' },
    {
      header: 'Time',
      cell: (hop) => (
        <>
          <TimingsBar timings={hop.timings} scaleMs={scaleMs} />
          <span className="text-xs text-zinc-400">{hop.timings.totalMs} ms</span>
        </>
      ),
    },
  ]
}

/** Every request of the check: URL, status, where it redirected, the address used and its timings. */
export function RedirectChainTable({ hops }: { hops: WebsiteHop[] }) {
  const scaleMs = Math.max(...hops.map((h) => h.timings.totalMs), 1)
  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-sans text-sm font-semibold text-zinc-200">Requests</h3>
        <TimingsKey />
      </div>
      <DataTable
        caption="Requests"
        captionHidden
        density="compact"
        columns={columnsFor(scaleMs)}
        rows={hops}
        rowKey={(hop, index) => `${index}-${hop.url}`}
      />
    </section>
  )
}
