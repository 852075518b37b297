import type { RdnsPtr, RdnsResult } from '../../../shared/tools/rdns.ts'
import { confirmationLabels } from './confirmation-label.ts'

function ForwardCell({ ptr }: { ptr: RdnsPtr }) {
  if (ptr.forwardAddresses.length > 0) return <>{ptr.forwardAddresses.join(', ')}</>
  return <span className="text-zinc-400">{ptr.forwardError ?? 'none'}</span>
}

/** The PTR names of the address, each with where it resolves forward and the verdict. */
export function RdnsResultView({ result }: { result: RdnsResult }) {
  return (
    <div className="space-y-3 border-b border-zinc-800 pb-4">
      <p className="font-sans text-sm text-zinc-300">
        <span className="font-mono text-zinc-100">{result.ip}</span> → {result.reverseName}. · {result.rcode} ·{' '}
        {result.queryTimeMs} ms
      </p>
      <p className="font-sans text-sm">
        Forward-confirmed:{' '}
        <span className={result.forwardConfirmed ? 'text-emerald-300' : 'text-amber-300'}>
          {result.forwardConfirmed ? 'yes' : 'no'}
        </span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead className="text-xs uppercase tracking-wide text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Host name (PTR)
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                TTL
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Resolves to
              </th>
              <th scope="col" className="py-1 font-medium">
                Forward check
              </th>
            </tr>
          </thead>
          <tbody>
            {result.ptrs.map((ptr) => {
              const label = confirmationLabels[ptr.confirmation]
              return (
                <tr key={ptr.name} className="border-t border-zinc-800 align-top">
                  <td className="py-1 pr-4 break-all">{ptr.name}</td>
                  <td className="py-1 pr-4 tabular-nums">{ptr.ttl}</td>
                  <td className="py-1 pr-4 break-all">
                    <ForwardCell ptr={ptr} />
                  </td>
                  <td className="py-1">
                    <span className={`rounded-md px-2 py-0.5 font-sans text-xs ${label.className}`}>{label.text}</span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
