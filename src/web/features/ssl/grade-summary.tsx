import type { SslResult } from '../../../shared/tools/ssl.ts'
import { gradeClass } from './ssl-styles.ts'

/** The grade badge, what it would be with a trusted certificate, and the reasons behind it. */
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
      <div className="space-y-1 text-sm">
        <p className="text-zinc-100">
          {result.host}:{result.port} <span className="text-zinc-400">({result.address})</span>
        </p>
        {grade.gradeIfTrusted && (
          <p className="text-zinc-300">
            Would be <span className="font-semibold text-zinc-100">{grade.gradeIfTrusted}</span> if the certificate were
            trusted and matched the name.
          </p>
        )}
        {grade.reasons.length > 0 && (
          <ul className="list-disc space-y-0.5 pl-5 text-zinc-300">
            {grade.reasons.map((reason) => (
              <li key={reason.text}>
                <span className="font-mono text-zinc-400">[{reason.cap}]</span> {reason.text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
