import { websiteExplanations } from '../../../shared/tools/website-check/explain.ts'
import type { StandardVerdict, WebsiteCategory } from '../../../shared/tools/website-check/schema.ts'
import { VerdictExplanation } from '../../components/verdict-explanation.tsx'

const VERDICTS: Record<StandardVerdict, { text: string; className: string }> = {
  pass: { text: 'Pass', className: 'bg-emerald-900/60 text-emerald-200' },
  warning: { text: 'Warning', className: 'bg-amber-900/60 text-amber-200' },
  fail: { text: 'Fail', className: 'bg-red-900/60 text-red-200' },
  'not-tested': { text: 'Not tested', className: 'bg-zinc-800 text-zinc-300' },
}

function scoreText(score: number | null): string {
  return score === null ? 'not tested' : `${score}/100`
}

/** The website-standards report: each category with its score, each check with its verdict in words and, when it did not pass, why it matters and how to fix it. */
export function StandardsReport({ categories }: { categories: WebsiteCategory[] }) {
  if (categories.length === 0) return null
  return (
    <section className="space-y-3" aria-label="Website standards">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Website standards</h3>
      {categories.map((category) => (
        <section key={category.id} className="space-y-2" aria-label={category.name}>
          <h4 className="flex flex-wrap items-baseline gap-2 font-sans text-sm text-zinc-100">
            {category.name}
            <span className="text-xs text-zinc-400">score {scoreText(category.score)}</span>
          </h4>
          <ul className="space-y-2">
            {category.checks.map((check, index) => (
              <li key={`${check.id}-${index}`} className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-md px-2 py-0.5 font-sans text-xs ${VERDICTS[check.verdict].className}`}>
                    {VERDICTS[check.verdict].text}
                  </span>
                  <span className="text-zinc-100">{check.name}</span>
                </div>
                <div className="break-words pl-2 font-sans text-sm text-zinc-300">{check.detail}</div>
                {(check.verdict === 'fail' || check.verdict === 'warning') && (
                  <div className="pl-2">
                    <VerdictExplanation explanation={websiteExplanations[check.id]} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
