import {
  type DnsFlags,
  type DnsQueryResult,
  type DnsResult,
  type DnsUnanswered,
  dnsCoverageSentence,
} from '../../../shared/tools/dns/schema.ts'
import { DnsRecordTable } from './dns-record-table.tsx'
import { DnsTraceTable } from './dns-trace-table.tsx'

const FLAG_NAMES = ['aa', 'tc', 'rd', 'ra', 'ad', 'cd'] as const

function FlagBadges({ flags }: { flags: DnsFlags }) {
  return (
    <span className="flex gap-1">
      {FLAG_NAMES.filter((f) => flags[f]).map((f) => (
        <span
          key={f}
          className={`rounded px-1.5 font-mono text-xs ${f === 'ad' ? 'bg-emerald-900/60 text-emerald-200' : 'bg-zinc-800 text-zinc-300'}`}
          title={f === 'ad' ? 'Authenticated data: the resolver validated the DNSSEC signatures' : undefined}
        >
          {f}
        </span>
      ))}
    </span>
  )
}

function QuerySection({ query }: { query: DnsQueryResult }) {
  return (
    <section className="space-y-2">
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-sans text-sm">
        <span className="rounded-md bg-zinc-800 px-2 py-0.5 font-mono font-semibold text-zinc-100">{query.type}</span>
        <span className="text-zinc-300">
          {query.rcode} · {query.queryTimeMs} ms · {query.transport.toUpperCase()}
        </span>
        <FlagBadges flags={query.flags} />
      </h3>
      {query.answers.length === 0 ? (
        <p className="text-zinc-400">No {query.type} records</p>
      ) : (
        <DnsRecordTable caption="Answer" records={query.answers} />
      )}
      {query.authority.length > 0 && <DnsRecordTable caption="Authority" records={query.authority} />}
      {query.additional.length > 0 && <DnsRecordTable caption="Additional" records={query.additional} />}
    </section>
  )
}

/** A type that was asked but got no answer: named, with why, and no records invented for it. */
function UnansweredSection({ missing }: { missing: DnsUnanswered }) {
  return (
    <section className="space-y-1" aria-label={`${missing.type} not checked`}>
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-sans text-sm">
        <span className="rounded-md border border-dashed border-zinc-500 px-2 py-0.5 font-mono font-semibold text-zinc-100">
          {missing.type}
        </span>
        <span className="text-amber-200">Not checked: {missing.error}</span>
      </h3>
    </section>
  )
}

/** The lookup as tables: who answered, the delegation walk if traced, then each type's sections. */
export function DnsRecordsTable({ result }: { result: DnsResult }) {
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <div className="space-y-1 font-sans text-sm text-zinc-300">
        {result.unicodeName !== result.name && (
          <p>
            <span className="text-zinc-100">{result.unicodeName}</span> is queried as{' '}
            <span className="font-mono text-zinc-100">{result.name}</span>
          </p>
        )}
        <p>
          Answered by {result.resolver}
          {result.server && ` · ${result.server}`}
          {result.dnssec && ' · DNSSEC records requested'}
        </p>
        {(result.unanswered?.length ?? 0) > 0 && <p className="text-amber-200">{dnsCoverageSentence(result)}</p>}
      </div>
      {result.trace && result.trace.length > 0 && <DnsTraceTable steps={result.trace} />}
      {result.queries.map((query) => (
        <QuerySection key={query.type} query={query} />
      ))}
      {result.unanswered?.map((missing) => (
        <UnansweredSection key={missing.type} missing={missing} />
      ))}
    </div>
  )
}
