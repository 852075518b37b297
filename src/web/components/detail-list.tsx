import type { ReactNode } from 'react'

/**
 * Label/value rows of a result; rows without a value are left out. A long value without spaces (a
 * status list, a URL) wraps anywhere rather than widen the page.
 */
export function DetailList({ rows }: { rows: readonly [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '')
  if (shown.length === 0) return null
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-400">{label}</dt>
          <dd className="min-w-0 text-zinc-100 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
