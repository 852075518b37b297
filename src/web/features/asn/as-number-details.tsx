import { useState } from 'react'
import { countryText } from '../../../shared/tools/asn/lines.ts'
import type { AsnNumberResult } from '../../../shared/tools/asn/schema.ts'
import { DataAttributions } from '../../components/data-attributions.tsx'
import { DetailList } from '../../components/detail-list.tsx'

/** Prefixes listed before "Show all": enough for most networks, short enough to read past. */
const FIRST_PREFIXES = 40

/** One family's announced blocks, counted, flowing in the page; long lists open on request. */
function Prefixes({ family, prefixes }: { family: string; prefixes: string[] }) {
  const [all, setAll] = useState(false)
  const shown = all ? prefixes : prefixes.slice(0, FIRST_PREFIXES)
  return (
    <div>
      <h3 className="text-zinc-400">
        {family}: {prefixes.length} {prefixes.length === 1 ? 'prefix' : 'prefixes'}
      </h3>
      {prefixes.length > 0 && (
        <ul className="columns-2 gap-4 text-zinc-100 sm:columns-3">
          {shown.map((prefix) => (
            <li key={prefix} className="break-all">
              {prefix}
            </li>
          ))}
        </ul>
      )}
      {prefixes.length > FIRST_PREFIXES && (
        <button
          type="button"
          className="focus-ring mt-1 rounded font-sans text-xs text-sky-300 underline underline-offset-2"
          aria-expanded={all}
          onClick={() => setAll((value) => !value)}
        >
          {all ? `Show the first ${FIRST_PREFIXES}` : `Show all ${prefixes.length} ${family} prefixes`}
        </button>
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
