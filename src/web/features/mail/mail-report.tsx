import {
  CHECK_STATUSES,
  type MailResult,
  mailHostsSentence,
  mailSummarySentence,
  summarizeMailChecks,
  summarizeMailHosts,
} from '../../../shared/tools/mail/schema.ts'
import { CheckBadge } from './check-badge.tsx'
import { MailChecksTable } from './mail-checks-table.tsx'
import { MailScoreReport } from './mail-score-report.tsx'
import { countByStatus, domainChecks, serverCards } from './mail-view-model.ts'
import { ServerCard } from './server-card.tsx'

/** Verdict counts, the scored report by category, the domain's checks, then one card per mail server address. */
export function MailReport({ result }: { result: MailResult }) {
  const counts = countByStatus(result.checks)
  const cards = serverCards(result)
  const reach = mailHostsSentence(summarizeMailHosts(result.mx))
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <div className="flex flex-wrap items-center gap-2 font-sans text-sm">
        <span className="mr-1 text-zinc-200">{result.domain}</span>
        {CHECK_STATUSES.filter((status) => counts[status] > 0).map((status) => (
          <CheckBadge key={status} status={status} count={counts[status]} />
        ))}
      </div>
      <p className="font-sans text-sm text-zinc-300">{mailSummarySentence(summarizeMailChecks(result.checks))}</p>
      {reach && <p className="font-sans text-sm text-zinc-300">{reach}</p>}
      {result.mxSource !== 'ip-literal' && result.checks.length > 0 && <MailScoreReport checks={result.checks} />}
      <section className="space-y-2">
        <h3 className="font-sans text-sm font-semibold text-zinc-200">Domain</h3>
        <MailChecksTable checks={domainChecks(result)} caption={`Mail checks of ${result.domain}`} />
      </section>
      {cards.length > 0 && (
        <section className="space-y-3">
          <h3 className="font-sans text-sm font-semibold text-zinc-200">Mail servers</h3>
          {cards.map((card) => (
            <ServerCard key={card.key} card={card} />
          ))}
        </section>
      )}
    </div>
  )
}
