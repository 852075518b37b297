import type { BlacklistRow } from '../../../shared/tools/blacklist.ts'
import { STATUS_LABELS } from './zone-status.ts'

function Detail({ row }: { row: BlacklistRow }) {
  const text = row.status === 'listed' || row.status === 'allowed' ? row.meanings.join('; ') : row.detail
  return (
    <>
      <span className={row.status === 'unverified' ? 'text-amber-200' : undefined}>{text}</span>
      {row.codes.length > 0 && <span className="ml-2 text-zinc-500">{row.codes.join(', ')}</span>}
      {row.reason && <span className="mt-0.5 block break-all text-zinc-400">“{row.reason}”</span>}
    </>
  )
}

/** One row per list asked: its verdict badge, what the answer means, and the list's own reason. */
export function ZoneTable({ rows, showTarget }: { rows: readonly BlacklistRow[]; showTarget: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              List
            </th>
            {showTarget && (
              <th scope="col" className="py-1 pr-4 font-medium">
                Checked
              </th>
            )}
            <th scope="col" className="py-1 pr-4 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = STATUS_LABELS[row.status]
            return (
              <tr key={`${row.id}-${row.target}`} className="border-t border-zinc-800 align-top">
                <td className="py-1 pr-4">
                  <a
                    href={row.info}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline-offset-2 hover:underline"
                  >
                    {row.list}
                  </a>
                  <span className="block text-xs text-zinc-500">{row.zone}</span>
                </td>
                {showTarget && <td className="py-1 pr-4 break-all">{row.target}</td>}
                <td className="py-1 pr-4">
                  <span className={`whitespace-nowrap rounded-md px-2 py-0.5 font-sans text-xs ${label.className}`}>
                    {label.text}
                  </span>
                </td>
                <td className="py-1 break-words">
                  <Detail row={row} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
