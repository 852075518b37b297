import type { GeolocationResult } from '../../../shared/tools/geolocation/schema.ts'
import { formatCoordinates } from '../../../shared/tools/ip-data.ts'
import { DataAttributions } from '../../components/data-attributions.tsx'
import { DetailList } from '../../components/detail-list.tsx'
import { LocationMap } from '../../components/location-map.tsx'

export function GeolocationDetails({ result }: { result: GeolocationResult }) {
  const { location, network } = result
  const place = [location.city, location.region, location.country].filter(Boolean).join(', ')
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <LocationMap latitude={location.latitude} longitude={location.longitude} label={place || result.ip} />
      <DetailList
        rows={[
          ['IP', result.host ? `${result.ip} (${result.host})` : result.ip],
          ['City', location.city],
          ['Region', location.region],
          ['Country', location.country && `${location.country} (${location.countryCode})`],
          ['Postcode', location.postcode],
          ['Coordinates', formatCoordinates(location)],
          ['Time zone', location.timezone],
          ['Network', network && `AS${network.asn} ${network.name} (${network.prefix})`],
        ]}
      />
      <DataAttributions items={result.attributions} />
    </section>
  )
}
