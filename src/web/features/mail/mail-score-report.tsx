import {
  buildMailReport,
  type CategoryVerdict,
  type MailCategoryReport,
  type ReportedCheck,
  VERDICT_LABELS,
} from '../../../shared/tools/mail/report.ts'
import type { MailCheck } from '../../../shared/tools/mail/schema.ts'
import { CheckBadge } from './check-badge.tsx'

const VERDICT_STYLES: Record<CategoryVerdict, string> = {
  pass: 'bg-emerald-900/60 text-emerald-200',
  warn: 'bg-amber-900/60 text-amber-200',
  fail: 'bg-red-900/60 text-red-200',
  info: 'bg-zinc-800 text-zinc-300',
  'not-tested': 'border border-dashed border-zinc-500 text-zinc-300',
}

function Verdict({ category }: { category: MailCategoryReport }) {
  const score = category.score === null ? '' : ` · ${category.score}/100`
  return (
    <span className={`rounded-md px-2 py-0.5 font-sans text-xs font-semibold ${VERDICT_STYLES[category.verdict]}`}>
      {VERDICT_LABELS[category.verdict]}
      {score}
    </span>
  )
}

/** What to do is worth showing only when the check did not pass. */
const needsFix = (check: MailCheck) => check.status === 'warn' || check.status === 'fail'

function CheckRow({ check }: { check: ReportedCheck }) {
  return (
    <li className="space-y-1 border-t border-zinc-800 pt-2 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline gap-2">
        <CheckBadge status={check.status} />
        <span className="text-zinc-200">{check.title}</span>
        {check.host && <span className="text-zinc-400">{check.host}</span>}
      </div>
      <p className="break-words text-zinc-300">{check.reason}</p>
      {check.why && (
        <details className="text-zinc-400" open={needsFix(check)}>
          <summary className="cursor-pointer select-none">Why it matters and how to fix</summary>
          <p className="mt-1">
            <span className="text-zinc-300">Why it matters: </span>
            {check.why}
          </p>
          <p className="mt-1 break-words">
            <span className="text-zinc-300">How to fix: </span>
            {check.fix}
          </p>
        </details>
      )}
    </li>
  )
}

/** One section per category (reachability, DANE, MTA-STS, SPF...): verdict, score, then each check. */
export function MailScoreReport({ checks }: { checks: MailCheck[] }) {
  const categories = buildMailReport(checks)
  return (
    <section className="space-y-2" aria-label="Scored report">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Scored report</h3>
      <ul className="grid gap-2 font-sans text-sm">
        {categories.map((category) => (
          <li key={category.id} className="rounded-md border border-zinc-800 p-3" aria-label={category.title}>
            <details>
              <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-zinc-200">{category.title}</span>
                <Verdict category={category} />
              </summary>
              {category.checks.length === 0 ? (
                <p className="mt-2 text-zinc-400">Nothing in this category could be tested.</p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {category.checks.map((check) => (
                    <CheckRow key={`${check.host ?? ''}-${check.id}`} check={check} />
                  ))}
                </ul>
              )}
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}
