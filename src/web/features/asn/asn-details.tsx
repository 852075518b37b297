import { type AsnResult, isAsNumberResult } from '../../../shared/tools/asn/schema.ts'
import { DataAttributions } from '../../components/data-attributions.tsx'
import { DetailList } from '../../components/detail-list.tsx'
import { AsNumberDetails } from './as-number-details.tsx'

export function AsnDetails({ result }: { result: AsnResult }) {
  if (isAsNumberResult(result)) return <AsNumberDetails result={result} />
  const registration = result.registration
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <p className="text-lg">
        <span className="font-semibold text-sky-300">AS{result.asn}</span>{' '}
        <span className="text-zinc-200">{result.name}</span>
      </p>
      <DetailList
        rows={[
          ['IP', result.ip],
          ['Prefix', result.prefix],
          ['Range', result.range !== result.prefix ? result.range : undefined],
          ['Country', result.country && `${result.country} (${result.countryCode})`],
          ['Network name', registration?.networkName],
          ['Organisation', registration?.organisation],
          ['Registered range', registration?.range],
          ['Abuse email', registration?.abuseEmail],
          ['Abuse phone', registration?.abusePhone],
        ]}
      />
      {result.notes.map((note) => (
        <p key={note} className="font-sans text-xs text-zinc-400">
          {note}
        </p>
      ))}
      <DataAttributions items={result.attributions} />
    </section>
  )
}
