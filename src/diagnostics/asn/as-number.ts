// ASN check by number: the holder and every block the AS announces in the offline data, and the
// registry's autnum record (RDAP) when it answers.
import type { AsnNumberRegistration, AsnNumberResult } from '../../shared/tools/asn/schema.ts'
import { ASN_DATA_ATTRIBUTION } from '../../shared/tools/ip-data.ts'
import { type AsnIndex, getAsnIndex } from '../ip-data/asn-index.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { readRdapFields } from '../rdap/rdap-fields.ts'
import { failed, type Outcome, type RunContext } from '../types.ts'

export interface AsNumberSources {
  rdap: RdapClient
  rdapTimeoutMs?: number
  asnIndex?: () => Promise<AsnIndex>
}

/** Numbers set aside by RFCs: [first, last, what for]. */
const RESERVED: [number, number, string][] = [
  [23456, 23456, 'AS_TRANS, stands in for 4-byte AS numbers in 2-byte BGP sessions (RFC 6793)'],
  [64496, 64511, 'documentation and examples (RFC 5398)'],
  [64512, 65534, 'private use (RFC 6996)'],
  [65535, 65535, 'reserved (RFC 7300)'],
  [65536, 65551, 'documentation and examples (RFC 5398)'],
  [4200000000, 4294967294, 'private use (RFC 6996)'],
  [4294967295, 4294967295, 'reserved (RFC 7300)'],
]

export const reservedUse = (asn: number) => RESERVED.find(([first, last]) => asn >= first && asn <= last)?.[2]

/** The regional registries by their RDAP and whois hosts. */
const REGISTRIES: [RegExp, string][] = [
  [/(^|\.)arin\.net$/, 'ARIN'],
  [/(^|\.)ripe\.net$/, 'RIPE NCC'],
  [/(^|\.)apnic\.net$/, 'APNIC'],
  [/(^|\.)lacnic\.net$/, 'LACNIC'],
  [/(^|\.)afrinic\.net$/, 'AFRINIC'],
]

/** The registry that answered: from the object's whois server (port43) or the RDAP URL's host. */
function registryOf(port43: unknown, url: string): string {
  const host = typeof port43 === 'string' && port43.trim() !== '' ? port43.trim().toLowerCase() : new URL(url).host
  return REGISTRIES.find(([pattern]) => pattern.test(host))?.[1] ?? host
}

type Registration = { registration: AsnNumberRegistration } | { note: string; notFound: boolean }

async function lookUpAutnum(asn: number, sources: AsNumberSources, ctx: RunContext): Promise<Registration> {
  const answer = await sources.rdap.lookup(
    { kind: 'asn', number: asn },
    { net: ctx.net, signal: ctx.signal, timeoutMs: sources.rdapTimeoutMs ?? 5000 },
  )
  if (!answer.ok) return { note: `RDAP registration data unavailable: ${answer.error}`, notFound: answer.notFound }
  const fields = readRdapFields(answer.data)
  const registration: AsnNumberRegistration = {
    source: answer.url,
    registry: registryOf(answer.data.port43, answer.url),
    handle: fields.handle,
    name: fields.name,
    organisation: fields.organisation,
    country: fields.country,
    abuseEmail: fields.abuseContact?.email,
    abusePhone: fields.abuseContact?.phone,
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt,
  }
  return {
    registration: Object.fromEntries(
      Object.entries(registration).filter(([, v]) => v !== undefined),
    ) as AsnNumberRegistration,
  }
}

export async function checkAsNumber(
  asn: number,
  sources: AsNumberSources,
  ctx: RunContext,
): Promise<Outcome<AsnNumberResult>> {
  const [index, registration] = await Promise.all([
    (sources.asnIndex ?? getAsnIndex)().catch((error: unknown) => ({ error })),
    lookUpAutnum(asn, sources, ctx),
  ])
  if ('error' in index) {
    const code = (index.error as NodeJS.ErrnoException | undefined)?.code
    return failed('server', `This server's ASN database could not be loaded${code ? ` (${code})` : ''}`)
  }
  const announced = index.announcedBy(asn)
  if (!announced && 'notFound' in registration && registration.notFound) {
    return failed(
      'target',
      `AS${asn} announces nothing in the offline routing data and its registry has no record of it`,
    )
  }
  const reserved = reservedUse(asn)
  const notes = [
    ...(announced ? [] : [`AS${asn} announces no prefix in the offline routing data`]),
    ...('note' in registration ? [registration.note] : []),
  ]
  return {
    status: 'ok',
    result: {
      kind: 'as-number',
      asn,
      ...(announced ? { name: announced.name } : {}),
      ...(reserved ? { reserved } : {}),
      prefixes: { ipv4: announced?.ipv4 ?? [], ipv6: announced?.ipv6 ?? [] },
      ...('registration' in registration ? { registration: registration.registration } : {}),
      notes,
      attributions: [ASN_DATA_ATTRIBUTION],
    },
  }
}
