// Pieces shared by the IP tools (geolocation, ASN, what-is-my-IP): offline location and network
// data, and the attributions their CC BY 4.0 licences require.
import { z } from 'zod'

export const attribution = z.object({ text: z.string(), url: z.string(), licence: z.string() })
export type Attribution = z.infer<typeof attribution>

export const DBIP_ATTRIBUTION: Attribution = {
  text: 'IP Geolocation by DB-IP',
  url: 'https://db-ip.com',
  licence: 'CC BY 4.0',
}

export const ASN_DATA_ATTRIBUTION: Attribution = {
  text: 'ASN data from RouteViews, NRO and DB-IP (ip-location-db)',
  url: 'https://github.com/sapics/ip-location-db',
  licence: 'CC BY 4.0',
}

export const ipLocation = z.object({
  city: z.string().optional(),
  region: z.string().optional(),
  /** Country name in English. */
  country: z.string().optional(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().optional(),
  postcode: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().optional(),
})
export type IpLocation = z.infer<typeof ipLocation>

/** The origin AS of the range holding an address. */
export const ipNetwork = z.object({
  asn: z.number(),
  name: z.string(),
  prefix: z.string(),
  range: z.string(),
})
export type IpNetwork = z.infer<typeof ipNetwork>

export function formatCoordinates(location: Pick<IpLocation, 'latitude' | 'longitude'>): string {
  return `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`
}

export function locationLines(location: IpLocation): string[] {
  const lines: string[] = []
  if (location.city) lines.push(`City: ${location.city}`)
  if (location.region) lines.push(`Region: ${location.region}`)
  if (location.country)
    lines.push(`Country: ${location.country}${location.countryCode ? ` (${location.countryCode})` : ''}`)
  if (location.postcode) lines.push(`Postcode: ${location.postcode}`)
  lines.push(`Coordinates: ${formatCoordinates(location)}`)
  if (location.timezone) lines.push(`Time zone: ${location.timezone}`)
  return lines
}

export function networkLine(network: IpNetwork): string {
  return `Network: AS${network.asn} ${network.name} (${network.prefix})`
}

export function attributionLine(source: Attribution): string {
  return `${source.text} (${source.licence}) ${source.url}`
}
