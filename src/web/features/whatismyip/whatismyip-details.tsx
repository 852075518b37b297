import { formatCoordinates } from '../../../shared/tools/ip-data.ts'
import type { WhatismyipResult } from '../../../shared/tools/whatismyip/schema.ts'
import { DataAttributions } from '../../components/data-attributions.tsx'
import { DetailList } from '../../components/detail-list.tsx'
import { LocationMap } from '../../components/location-map.tsx'

export function WhatismyipDetails({ result }: { result: WhatismyipResult }) {
  const { location, network } = result
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <p className="break-all text-2xl font-semibold text-sky-300">{result.ip}</p>
      {location && (
        <LocationMap latitude={location.latitude} longitude={location.longitude} label={location.city ?? result.ip} />
      )}
      <DetailList
        rows={[
          ['Reverse name', result.reverseName],
          ['City', location?.city],
          ['Region', location?.region],
          ['Country', location?.country && `${location.country} (${location.countryCode})`],
          ['Coordinates', location && formatCoordinates(location)],
          ['Time zone', location?.timezone],
          ['Network', network && `AS${network.asn} ${network.name} (${network.prefix})`],
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
