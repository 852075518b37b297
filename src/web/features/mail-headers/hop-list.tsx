import { delayText, fromText, timeText } from '../../../shared/tools/mail-headers/format.ts'
import type { Hop } from '../../../shared/tools/mail-headers/schema.ts'

/** The hops as a list, for screens too narrow for the table: each hop's facts one under the other. */
export function HopList({ hops }: { hops: readonly Hop[] }) {
  return (
    <ol aria-label="Hops, oldest first" className="space-y-2 font-sans text-sm">
      {hops.map((hop) => (
        <li key={hop.number} className="border-t border-zinc-800 pt-2">
          <p className="font-medium text-zinc-100">Hop {hop.number}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-zinc-300">
            <dt className="text-zinc-400">From</dt>
            <dd className="break-all">{fromText(hop)}</dd>
            <dt className="text-zinc-400">By</dt>
            <dd className="break-all">{hop.by ?? '—'}</dd>
            <dt className="text-zinc-400">With</dt>
            <dd>{hop.with ?? '—'}</dd>
            <dt className="text-zinc-400">TLS</dt>
            <dd className="break-all">{hop.tls ?? 'not stated'}</dd>
            <dt className="text-zinc-400">Time</dt>
            <dd>{timeText(hop)}</dd>
            <dt className="text-zinc-400">Delay</dt>
            <dd className={(hop.delaySeconds ?? 0) < 0 ? 'text-amber-300' : undefined}>{delayText(hop)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  )
}
