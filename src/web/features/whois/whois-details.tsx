import type { WhoisResult } from '../../../shared/tools/whois/schema.ts'
import { DetailList } from '../../components/detail-list.tsx'

/** Registration data as a table; the raw RDAP JSON or whois text follows in the output lines. */
export function WhoisDetails({ result }: { result: WhoisResult }) {
  const source =
    result.protocol === 'rdap' ? `RDAP · ${result.sources.join(', ')}` : `whois · ${result.sources.join(' → ')}`
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <DetailList
        rows={[
          ['Name', result.name],
          [
            'Registrar',
            result.registrar &&
              `${result.registrar}${result.registrarIanaId ? ` (IANA ${result.registrarIanaId})` : ''}`,
          ],
          ['Organisation', result.organisation],
          ['Handle', result.handle],
          ['Range', result.range],
          ['Country', result.country],
          ['Created', result.createdAt],
          ['Updated', result.updatedAt],
          ['Expires', result.expiresAt],
          ['Status', result.statuses.join(', ')],
          ['Name servers', result.nameServers.length > 0 ? result.nameServers.join(', ') : undefined],
          ['DNSSEC', result.dnssec],
          ['Abuse email', result.abuseContact?.email],
          ['Abuse phone', result.abuseContact?.phone],
          ['Source', source],
        ]}
      />
      {result.notes.map((note) => (
        <p key={note} className="font-sans text-xs text-amber-300">
          {note}
        </p>
      ))}
    </section>
  )
}
