import type { SecurityHeaderCheck } from '../../../shared/tools/website-check/schema.ts'

const RATINGS: Record<SecurityHeaderCheck['rating'], { text: string; className: string }> = {
  good: { text: 'Good', className: 'bg-emerald-900/60 text-emerald-200' },
  weak: { text: 'Weak', className: 'bg-amber-900/60 text-amber-200' },
  invalid: { text: 'Invalid', className: 'bg-red-900/60 text-red-200' },
  missing: { text: 'Missing', className: 'bg-red-900/60 text-red-200' },
}

/** The security headers of the final answer, each with its value and verdict. */
export function SecurityHeadersTable({ checks }: { checks: SecurityHeaderCheck[] }) {
  if (checks.length === 0) return null
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Security headers</h3>
      <ul className="space-y-2">
        {checks.map((check) => (
          <li key={check.name} className="space-y-0.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-md px-2 py-0.5 font-sans text-xs ${RATINGS[check.rating].className}`}>
                {RATINGS[check.rating].text}
              </span>
              <span className="text-zinc-100">{check.name}</span>
            </div>
            {check.value && <div className="break-all pl-2 text-zinc-400">{check.value}</div>}
            <div className="pl-2 font-sans text-sm text-zinc-300">{check.verdict}</div>
          </li>
        ))}
      </ul>
    </section>
  )
}
