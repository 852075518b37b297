import { explainSslReason } from '../../../shared/tools/ssl/explain.ts'
import type { SslResult } from '../../../shared/tools/ssl/schema.ts'
import { VerdictExplanation } from '../../components/verdict-explanation.tsx'
import { gradeClass } from './ssl-styles.ts'

/** "Score 93: protocol 100 (30 %), key exchange 90 (30 %), cipher 90 (40 %)". */
function scoreText(grade: SslResult['grade']): string {
  const s = grade.scores
  if (!s) return `Score ${grade.score}`
  return `Score ${grade.score} of 100: protocol ${s.protocol} (30 %), key exchange ${s.keyExchange} (30 %), cipher ${s.cipher} (40 %)`
}

/** The grade badge, the score breakdown, what it would be with a trusted certificate, and each cap with its rule, why it matters and how to fix it. */
export function GradeSummary({ result }: { result: SslResult }) {
  const { grade } = result
  return (
    <section className="flex flex-col gap-3 font-sans sm:flex-row sm:items-start" aria-label="Grade">
      <div
        className={`flex size-16 shrink-0 items-center justify-center rounded-xl text-3xl font-bold ${gradeClass(grade.grade)}`}
        role="img"
        aria-label={`Grade ${grade.grade}`}
      >
        {grade.grade}
      </div>
      <div className="min-w-0 space-y-2 text-sm">
        <p className="text-zinc-100">
          {result.host}:{result.port} <span className="text-zinc-400">({result.address})</span>
        </p>
        <p className="text-zinc-300">{scoreText(grade)}</p>
        {grade.gradeIfTrusted && (
          <p className="text-zinc-300">
            Would be <span className="font-semibold text-zinc-100">{grade.gradeIfTrusted}</span> if the certificate were
            trusted and matched the name.
          </p>
        )}
        {grade.reasons.length > 0 && (
          <ul className="space-y-2 text-zinc-300" aria-label="Grade caps">
            {grade.reasons.map((reason) => {
              const explanation = explainSslReason(reason)
              return (
                <li key={reason.text} className="space-y-1">
                  <p>
                    <span className="font-mono text-zinc-400">[capped at {reason.cap}]</span> {reason.text}
                  </p>
                  {reason.rule && <p className="text-xs text-zinc-400">Rule: {reason.rule}</p>}
                  {explanation && <VerdictExplanation explanation={explanation} />}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
