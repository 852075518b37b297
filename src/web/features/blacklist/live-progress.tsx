import type { BlacklistProgress } from '../../../shared/tools/blacklist/schema.ts'
import { ZoneTable } from './zone-table.tsx'

/** Lists as they answer, while the check runs. */
export function LiveProgress({ events }: { events: readonly BlacklistProgress[] }) {
  const last = events.at(-1)
  const targets = new Set(events.map((event) => event.row.target))
  return (
    <div className="space-y-3" aria-live="off">
      <p className="font-sans text-sm text-zinc-300">
        {last ? `${last.done} of ${last.total} lists answered...` : 'Asking the block lists...'}
      </p>
      {last && (
        <div className="h-1 overflow-hidden rounded bg-zinc-800" aria-hidden="true">
          <div
            className="h-full bg-sky-400 transition-[width]"
            style={{ width: `${(100 * last.done) / last.total}%` }}
          />
        </div>
      )}
      <ZoneTable rows={events.map((event) => event.row)} showTarget={targets.size > 1} />
    </div>
  )
}
