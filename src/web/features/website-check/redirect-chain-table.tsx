import type { WebsiteHop } from '../../../shared/tools/website-check.ts'
import { TimingsBar, TimingsKey } from './timings-bar.tsx'

function statusClass(status: number | null): string {
  if (status === null || status >= 400) return 'text-red-300'
  return status >= 300 ? 'text-amber-300' : 'text-emerald-300'
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
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead className="text-xs uppercase tracking-wide text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                #
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Status
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                URL
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Address
              </th>
              <th scope="col" className="py-1 font-medium">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {hops.map((hop, index) => (
              <tr key={`${index}-${hop.url}`} className="border-t border-zinc-800 align-top">
                <td className="py-1 pr-3 text-zinc-400">{index + 1}</td>
                <td className={`py-1 pr-3 tabular-nums ${statusClass(hop.status)}`}>{hop.status ?? '—'}</td>
                <td className="py-1 pr-3 break-all">
                  {hop.url}
                  {hop.location && <div className="text-zinc-400">→ {hop.location}</div>}
                  {hop.error && <div className="text-red-300">{hop.error}</div>}
                </td>
                <td className="py-1 pr-3 whitespace-nowrap text-zinc-300">{hop.address ?? '—'}</td>
                <td className="py-1">
                  <TimingsBar timings={hop.timings} scaleMs={scaleMs} />
                  <span className="text-xs text-zinc-400">{hop.timings.totalMs} ms</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
