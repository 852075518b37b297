// ASN check: for an address, its origin AS, name, prefix and country from the shared offline facts
// (the same ones geolocation, abuse and what-is-my-IP show) and the registry's network from RDAP;
// for an AS number, its holder and announced blocks (as-number.ts).
import type { z } from 'zod'
import { asnContract } from '../../shared/tools/asn/index.ts'
import { type AsnRegistration, type AsnResult, type asnRequest, readAsnQuery } from '../../shared/tools/asn/schema.ts'
import type { IpLocation } from '../../shared/tools/ip-data.ts'
import type { AsnIndex } from '../ip-data/asn-index.ts'
import { findNonPublicRange, readIpFacts } from '../ip-data/ip-facts.ts'
import { type IpLiteral, parseIpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { readRdapFields } from '../rdap/rdap-fields.ts'
import { type Diagnostic, failed, type RunContext } from '../types.ts'
import { checkAsNumber } from './as-number.ts'

type AsnRequest = z.infer<typeof asnRequest>

export interface AsnSettings {
  rdap: RdapClient
  /** Deadline of the RDAP lookup (default 5 s); the offline answer never waits longer. */
  rdapTimeoutMs?: number
  /** The offline ASN index (default: the shipped one, loaded once). */
  asnIndex?: () => Promise<AsnIndex>
  /** The DB-IP lookup that gives the country (default: the shipped database). */
  lookUpLocation?: (address: IpLiteral) => Promise<IpLocation | undefined>
}

/** " (ENOENT)" when a data file could not be read for a known reason. */
function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code ? ` (${code})` : ''
}

type Registration = { registration: AsnRegistration } | { note: string }

async function lookUpRegistration(address: IpLiteral, settings: AsnSettings, ctx: RunContext): Promise<Registration> {
  const answer = await settings.rdap.lookup(
    { kind: 'ip', address },
    { net: ctx.net, signal: ctx.signal, timeoutMs: settings.rdapTimeoutMs ?? 5000 },
  )
  if (!answer.ok) return { note: `RDAP registration data unavailable: ${answer.error}` }
  const fields = readRdapFields(answer.data)
  const registration: AsnRegistration = {
    source: answer.url,
    networkName: fields.name,
    handle: fields.handle,
    range: fields.range,
    organisation: fields.organisation,
    abuseEmail: fields.abuseContact?.email,
    abusePhone: fields.abuseContact?.phone,
  }
  return {
    registration: Object.fromEntries(
      Object.entries(registration).filter(([, v]) => v !== undefined),
    ) as AsnRegistration,
  }
}

export function createAsnDiagnostic(settings: AsnSettings): Diagnostic<AsnRequest, AsnResult> {
  return {
    ...asnContract,
    deadlineMs: 15_000,
    async run(request, ctx) {
      const query = readAsnQuery(request.input)
      if ('kind' in query && query.kind === 'asn') return checkAsNumber(query.number, settings, ctx)
      const given = parseIpLiteral(request.input)
      // An IPv6 form carrying an IPv4 address (::ffff:1.2.3.4, ::1.2.3.4) is that IPv4 address.
      const address = given && unwrapIpv4(given)
      if (!address) return failed('target', `${request.input} is not an IP address`)
      const range = findNonPublicRange(ctx.net.policy, address.address)
      if (range) return failed('policy', `${address.address} is not announced on the internet: ${range}`)
      // The data files are this server's own: one that cannot be read is the server side's failure
      // (the ASN index) or a note (the country from DB-IP), never a fact about the address.
      const [facts, registration] = await Promise.all([
        readIpFacts(address, { asnIndex: settings.asnIndex, lookUpLocation: settings.lookUpLocation }),
        lookUpRegistration(address, settings, ctx),
      ])
      if (facts.unreadable.network !== undefined)
        return failed('server', `This server's ASN database could not be loaded${codeOf(facts.unreadable.network)}`)
      const network = facts.network
      if (!network) return failed('target', `No autonomous system announces ${address.address} in the offline ASN data`)
      const located = facts.location
      const notes = [
        ...('note' in registration ? [registration.note] : []),
        ...(facts.unreadable.location !== undefined
          ? [`No country: this server's DB-IP database could not be loaded${codeOf(facts.unreadable.location)}`]
          : []),
      ]
      return {
        status: 'ok',
        result: {
          ip: address.address,
          ...network,
          ...(located?.countryCode ? { countryCode: located.countryCode, country: located.country } : {}),
          ...('registration' in registration ? { registration: registration.registration } : {}),
          notes,
          attributions: facts.attributions,
        },
      }
    },
  }
}
