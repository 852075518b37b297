// The one-line answers of the other bulk tools, one function per tool, each from the tool's own result
// and its own sentences where the tool has them (blacklist verdict, PTR "unknown", days left).
import { SUMMARY_SEPARATOR } from './bulk-summary-dns.ts'
import { describeDaysLeft } from './time-span.ts'
import { countryText } from './tools/asn/lines.ts'
import { type AsnResult, isAsNumberResult } from './tools/asn/schema.ts'
import { type BlacklistResult, listingsByTarget, summarySentence } from './tools/blacklist/schema.ts'
import type { GeolocationResult } from './tools/geolocation/schema.ts'
import { networkLine } from './tools/ip-data.ts'
import { ptrAnswered, ptrUnknownText } from './tools/rdns/lines.ts'
import type { RdnsResult } from './tools/rdns/schema.ts'
import type { SslResult } from './tools/ssl/schema.ts'
import { describeUntrusted } from './tools/ssl/trust-words.ts'
import type { WhoisResult } from './tools/whois/schema.ts'

const join = (parts: (string | undefined | false)[]) => parts.filter(Boolean).join(SUMMARY_SEPARATOR)
/** "2027-03-01" of an ISO instant. */
const day = (iso: string) => iso.slice(0, 10)

/** "Listed on 2 of 29 reachable lists: 198.51.100.7 on SpamCop, …" or "Not listed on 29 of 29 reachable lists". */
export function summarizeBlacklist(result: BlacklistResult): string {
  const listings = listingsByTarget(result.rows)
  const sentence = summarySentence(result.summary)
  return listings ? `${sentence}: ${listings}` : sentence
}

/** "PTR mail.shop.test (forward-confirmed)", "no PTR record", or why nothing is known. */
export function summarizeRdns(result: RdnsResult): string {
  if (!ptrAnswered(result)) return ptrUnknownText(result.rcode)
  if (result.ptrs.length === 0) return 'no PTR record'
  const names = result.ptrs.map((ptr) => `PTR ${ptr.name}`).join(SUMMARY_SEPARATOR)
  return `${names} (${result.forwardConfirmed ? 'forward-confirmed' : 'not forward-confirmed'})`
}

/** "198.51.100.10: Paris, Île-de-France, France (FR) · Network: AS64500 LAB (198.51.100.0/24)". */
export function summarizeGeolocation(result: GeolocationResult): string {
  const { city, region, country, countryCode } = result.location
  const place = [city, region, country && (countryCode ? `${country} (${countryCode})` : country)].filter(Boolean)
  const where = place.length > 0 ? place.join(', ') : 'location unknown'
  return join([`${result.ip}: ${where}`, result.network && networkLine(result.network)])
}

/** "AS64500 LAB-NET · 198.51.100.0/24 · France" for an address; "AS64500 Holder · 3 prefixes" for a number. */
export function summarizeAsn(result: AsnResult): string {
  if (isAsNumberResult(result)) {
    const reg = result.registration
    const holder = reg?.organisation ?? result.name ?? reg?.name
    const prefixes = result.prefixes.ipv4.length + result.prefixes.ipv6.length
    return join([
      holder ? `AS${result.asn} ${holder}` : `AS${result.asn}`,
      result.reserved && `reserved: ${result.reserved}`,
      reg?.country && countryText(reg.country),
      `${prefixes} announced prefix${prefixes === 1 ? '' : 'es'}`,
    ])
  }
  return join([`AS${result.asn} ${result.name}`, result.prefix, result.country])
}

/** "Registrar: Lab Registrar · expires 2027-03-01 · created 2001-02-03" (a network's holder and range for an address). */
export function summarizeWhois(result: WhoisResult): string {
  const who = result.registrar
    ? `Registrar: ${result.registrar}`
    : (result.organisation ?? result.name) && `Holder: ${result.organisation ?? result.name}`
  const parts = join([
    who,
    result.kind !== 'domain' && result.range,
    result.expiresAt && `expires ${day(result.expiresAt)}`,
    result.createdAt && `created ${day(result.createdAt)}`,
  ])
  return parts || 'no registration fields published'
}

/** "Grade A · expires 2027-03-01 (300 days left) · issuer Lab CA · trusted" or "… · not trusted: …". */
export function summarizeSsl(result: SslResult): string {
  const cert = result.certificate
  const trust = result.trust.trusted
    ? result.trust.hostnameMatch
      ? 'trusted'
      : `certificate does not name ${result.host}`
    : describeUntrusted(result.trust.error)
  return join([
    `Grade ${result.grade.grade}`,
    `expires ${day(cert.validTo)} (${describeDaysLeft(cert.daysLeft)})`,
    `issuer ${issuerName(cert.issuer)}`,
    trust,
  ])
}

/** The issuer's common name (or organisation) out of its distinguished name, else the name as given. */
function issuerName(dn: string): string {
  const field = (key: string) => new RegExp(`(?:^|[,/\\n]\\s*)${key}=([^,/\\n]+)`).exec(dn)?.[1]?.trim()
  return field('CN') ?? field('O') ?? dn
}
