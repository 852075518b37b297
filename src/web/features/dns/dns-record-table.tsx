import type { DnsRecord } from '../../../shared/tools/dns.ts'

/** One section of a DNS answer (answer, authority or additional) as a table. */
export function DnsRecordTable({ caption, records }: { caption: string; records: DnsRecord[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="pb-1 text-left font-sans text-xs uppercase tracking-wide text-zinc-400">{caption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Name</th>
            <th scope="col">TTL</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={`${record.name} ${record.type} ${record.value}`} className="border-t border-zinc-800 align-top">
              <td className="py-1 pr-4 whitespace-nowrap">{record.name || '.'}</td>
              <td className="py-1 pr-4 tabular-nums">{record.ttl}</td>
              <td className="py-1 pr-4">{record.type}</td>
              <td className="py-1 break-all">{record.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
