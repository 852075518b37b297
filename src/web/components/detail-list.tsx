import type { ReactNode } from 'react'

/** Label/value rows of a result; rows without a value are left out. */
export function DetailList({ rows }: { rows: readonly [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '')
  if (shown.length === 0) return null
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-400">{label}</dt>
          <dd className="break-words text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
