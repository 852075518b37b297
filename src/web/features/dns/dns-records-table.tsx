import type { DnsQueryResult, DnsResult } from '../../../shared/tools/dns.ts'

function QueryTable({ query }: { query: DnsQueryResult }) {
  return (
    <section className="space-y-2">
      <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-sans text-sm">
        <span className="rounded-md bg-zinc-800 px-2 py-0.5 font-mono font-semibold text-zinc-100">{query.type}</span>
        <span className="text-zinc-300">
          {query.rcode} · {query.queryTimeMs} ms · {query.transport.toUpperCase()}
        </span>
      </h3>
      {query.answers.length === 0 ? (
        <p className="text-zinc-400">No {query.type} records</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">Name</th>
                <th scope="col" className="py-1 pr-4 font-medium">Type</th>
                <th scope="col" className="py-1 pr-4 font-medium">TTL</th>
                <th scope="col" className="py-1 font-medium">Value</th>
              </tr>
            </thead>
            <tbody>
              {query.answers.map((record, index) => (
                <tr key={`${record.type}-${record.value}-${index}`} className="border-t border-zinc-800 align-top">
                  <td className="py-1 pr-4 whitespace-nowrap">{record.name}</td>
                  <td className="py-1 pr-4">{record.type}</td>
                  <td className="py-1 pr-4 tabular-nums">{record.ttl}</td>
                  <td className="py-1 break-all">{record.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** One table of answer records per queried type. */
export function DnsRecordsTable({ result }: { result: DnsResult }) {
  if (result.queries.length === 0) return null
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      {result.resolver && <p className="font-sans text-sm text-zinc-300">Answered by {result.resolver}</p>}
      {result.queries.map((query) => (
        <QueryTable key={query.type} query={query} />
      ))}
    </div>
  )
}
