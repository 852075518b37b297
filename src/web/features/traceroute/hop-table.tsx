import type { TracerouteHop } from '../../../shared/tools/traceroute.ts'
import type { TracerouteView } from './traceroute-live.ts'

const ms = (value: number | null) => (value === null ? '-' : value.toFixed(value < 10 ? 2 : 1))

function HopRow({ hop }: { hop: TracerouteHop }) {
  const silent = hop.address === null
  const lossTone = hop.lossPercent === 0 ? '' : hop.lossPercent === 100 ? 'text-red-400' : 'text-amber-300'
  return (
    <tr className="border-t border-zinc-800 align-top">
      <td className="py-1 pr-3 tabular-nums text-zinc-400">{hop.hop}</td>
      <td className="py-1 pr-3 break-all">
        {silent ? (
          <span className="text-zinc-500">* * *</span>
        ) : (
          <>
            <span className="text-zinc-100">{hop.hostname ?? hop.address}</span>
            {hop.hostname && <span className="block text-xs text-zinc-400">{hop.address}</span>}
            {hop.otherAddresses.length > 0 && (
              <span className="block text-xs text-zinc-400">also {hop.otherAddresses.join(', ')}</span>
            )}
          </>
        )}
      </td>
      <td className="py-1 pr-3 text-zinc-300" title={hop.asn?.name}>
        {hop.asn ? `AS${hop.asn.number}` : ''}
      </td>
      <td className={`py-1 pr-3 tabular-nums ${lossTone}`}>{hop.lossPercent.toFixed(1)}%</td>
      <td className="py-1 pr-3 tabular-nums">{hop.sent}</td>
      <td className="py-1 pr-3 tabular-nums">{ms(hop.lastMs)}</td>
      <td className="py-1 pr-3 tabular-nums">{ms(hop.avgMs)}</td>
      <td className="py-1 pr-3 tabular-nums">{ms(hop.bestMs)}</td>
      <td className="py-1 pr-3 tabular-nums">{ms(hop.worstMs)}</td>
      <td className="py-1 tabular-nums">{ms(hop.stdevMs)}</td>
    </tr>
  )
}

const columns = ['Hop', 'Host', 'ASN', 'Loss', 'Sent', 'Last', 'Avg', 'Best', 'Worst', 'StDev']

/** One row per hop, filling in as mtr finds them; times in ms. */
export function HopTable({ view }: { view: TracerouteView }) {
  return (
    <section className="space-y-2 border-b border-zinc-800 pb-4" aria-label="Traceroute hops">
      {view.header && <p className="text-zinc-300">{view.header}</p>}
      {view.hops.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-[13px]">
            <thead className="font-sans text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                {columns.map((name) => (
                  <th key={name} scope="col" className="py-1 pr-3 font-medium">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.hops.map((hop) => (
                <HopRow key={hop.hop} hop={hop} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.reached === false && <p className="text-amber-300">The destination did not answer.</p>}
    </section>
  )
}
