import { type AsnNumberResult, countryText } from '../../../shared/tools/asn.ts'
import { DataAttributions } from '../../components/data-attributions.tsx'
import { DetailList } from '../../components/detail-list.tsx'

/** One family's announced blocks, counted, in a scrolling list. */
function Prefixes({ family, prefixes }: { family: string; prefixes: string[] }) {
  return (
    <div>
      <h3 className="text-zinc-400">
        {family}: {prefixes.length} {prefixes.length === 1 ? 'prefix' : 'prefixes'}
      </h3>
      {prefixes.length > 0 && (
        <ul className="max-h-48 overflow-y-auto text-zinc-100">
          {prefixes.map((prefix) => (
            <li key={prefix}>{prefix}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function AsNumberDetails({ result }: { result: AsnNumberResult }) {
  const reg = result.registration
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <p className="text-lg">
        <span className="font-semibold text-sky-300">AS{result.asn}</span>{' '}
        <span className="text-zinc-200">{reg?.organisation ?? result.name ?? reg?.name}</span>
      </p>
      <DetailList
        rows={[
          ['Reserved', result.reserved],
          ['AS name', result.name],
          ['Country', reg?.country && countryText(reg.country)],
          ['Registry', reg?.registry],
          ['Handle', reg?.handle],
          ['Registered', reg?.createdAt],
          ['Abuse email', reg?.abuseEmail],
          ['Abuse phone', reg?.abusePhone],
        ]}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Prefixes family="IPv4" prefixes={result.prefixes.ipv4} />
        <Prefixes family="IPv6" prefixes={result.prefixes.ipv6} />
      </div>
      {result.notes.map((note) => (
        <p key={note} className="font-sans text-xs text-zinc-400">
          {note}
        </p>
      ))}
      <DataAttributions items={result.attributions} />
    </section>
  )
}
