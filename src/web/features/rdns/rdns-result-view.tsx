import { ptrAnswered, ptrUnknownText } from '../../../shared/tools/rdns/lines.ts'
import type { RdnsPtr, RdnsResult } from '../../../shared/tools/rdns/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { confirmationLabels } from './confirmation-label.ts'

function ForwardCell({ ptr }: { ptr: RdnsPtr }) {
  if (ptr.forwardAddresses.length > 0) return <>{ptr.forwardAddresses.join(', ')}</>
  return <span className="text-zinc-400">{ptr.forwardError ?? 'none'}</span>
}

const columns: Column<RdnsPtr>[] = [
  { header: 'Host name (PTR)', cell: (ptr) => ptr.name, className: 'break-all' },
  { header: 'TTL', cell: (ptr) => ptr.ttl, className: 'tabular-nums' },
  { header: 'Resolves to', cell: (ptr) => <ForwardCell ptr={ptr} />, className: 'break-all' },
  {
    header: 'Forward check',
    cell: (ptr) => {
      const label = confirmationLabels[ptr.confirmation]
      return <span className={`rounded-md px-2 py-0.5 font-sans text-xs ${label.className}`}>{label.text}</span>
    },
  },
]

/**
 * The PTR names of the address, each with where it resolves forward and the verdict. When our
 * resolver gave no usable answer (REFUSED, SERVFAIL), nothing is known about the PTR records, so no
 * table and no forward verdict are drawn.
 */
export function RdnsResultView({ result }: { result: RdnsResult }) {
  const heading = (
    <p className="font-sans text-sm text-zinc-300">
      <span className="font-mono text-zinc-100">{result.ip}</span> → {result.reverseName}. · {result.rcode} ·{' '}
      {result.queryTimeMs} ms
    </p>
  )
  if (!ptrAnswered(result)) {
    return (
      <div className="space-y-3 border-b border-zinc-800 pb-4">
        {heading}
        <p className="font-sans text-sm text-amber-300">{ptrUnknownText(result.rcode)}</p>
      </div>
    )
  }
  return (
    <div className="space-y-3 border-b border-zinc-800 pb-4">
      {heading}
      <p className="font-sans text-sm">
        Forward-confirmed:{' '}
        <span className={result.forwardConfirmed ? 'text-emerald-300' : 'text-amber-300'}>
          {result.forwardConfirmed ? 'yes' : 'no'}
        </span>
      </p>
      <DataTable caption="PTR records" captionHidden columns={columns} rows={result.ptrs} rowKey={(ptr) => ptr.name} />
    </div>
  )
}
