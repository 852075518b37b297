import type { SmtpSession } from '../../../shared/tools/mail/schema.ts'
import { MailChecksTable } from './mail-checks-table.tsx'
import type { ServerCard as Card } from './mail-view-model.ts'

function Facts({ session }: { session: SmtpSession }) {
  const facts: [string, string][] = []
  if (session.banner) facts.push(['Banner', session.banner])
  if (session.connectMs !== undefined) facts.push(['Connect', `${session.connectMs} ms`])
  if (session.bannerMs !== undefined) facts.push(['Banner after', `${session.bannerMs} ms`])
  if (session.tls) {
    facts.push(['TLS', `${session.tls.version} · ${session.tls.cipher}`])
    const graded = session.tls.grade
    if (graded) facts.push(['TLS grade', `${graded.grade} · ${graded.suite} (${graded.suiteStrength})`])
    facts.push(['Certificate', `${session.tls.subject} — issued by ${session.tls.issuer}`])
  }
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-zinc-300">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-400">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Extensions({ extensions }: { extensions: string[] }) {
  if (extensions.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="ESMTP extensions">
      {extensions.map((extension) => (
        <li key={extension} className="rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-200">
          {extension}
        </li>
      ))}
    </ul>
  )
}

/** One mail server address: reverse name, dialogue facts, its checks and the SMTP transcript. */
export function ServerCard({ card }: { card: Card }) {
  const session = card.address?.smtp
  const ptr = card.address?.ptr.length ? `PTR ${card.address.ptr.join(', ')}` : card.address ? 'no PTR' : ''
  return (
    <section className="space-y-2 rounded-lg border border-zinc-800 p-3" aria-label={card.key}>
      <h4 className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-sans text-sm">
        <span className="rounded-md bg-zinc-800 px-2 py-0.5 font-mono font-semibold text-zinc-100">
          {card.preference}
        </span>
        <span className="font-mono text-zinc-100">{card.key}</span>
        {ptr && <span className="text-zinc-400">{ptr}</span>}
      </h4>
      {card.error && <p className="text-zinc-300">{card.error}</p>}
      {session && <Facts session={session} />}
      {session && <Extensions extensions={session.extensions} />}
      <MailChecksTable checks={card.checks} caption={`Checks of ${card.key}`} />
      {session && session.transcript.length > 0 && (
        <details className="rounded bg-black/40 p-2">
          <summary className="cursor-pointer font-sans text-sm text-zinc-300">
            SMTP transcript (port {session.port})
          </summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-zinc-200">{session.transcript.join('\n')}</pre>
        </details>
      )}
    </section>
  )
}
