// Whois: registration data of a domain, IP address or AS number, from RDAP or port-43 whois.
import { z } from 'zod'
import { whoisQueryInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'

export const whoisRequest = toolRequest(whoisQueryInput, z.object({}))

export const abuseContact = z.object({ email: z.string().optional(), phone: z.string().optional() })
export type AbuseContact = z.infer<typeof abuseContact>

/** What a user looks for in registration data, whichever protocol gave it. */
export const registrationFields = z.object({
  /** Domain name, network name or AS name. */
  name: z.string().optional(),
  handle: z.string().optional(),
  registrar: z.string().optional(),
  registrarIanaId: z.string().optional(),
  /** Registrant or holder organisation, when published. */
  organisation: z.string().optional(),
  /** Registration, last update and expiry, ISO 8601 UTC ("1997-09-15T07:00:00Z"). */
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  expiresAt: z.string().optional(),
  /** EPP status codes ("clientTransferProhibited"), or the registry's own words where it has no EPP code. */
  statuses: z.array(z.string()),
  /** Lower case, without the final dot. */
  nameServers: z.array(z.string()),
  /** "signed" or "unsigned" when the registry says which; another published value as written. */
  dnssec: z.string().optional(),
  /** Address block or AS range. */
  range: z.string().optional(),
  country: z.string().optional(),
  abuseContact: abuseContact.optional(),
})
export type RegistrationFields = z.infer<typeof registrationFields>

export const whoisResult = registrationFields.extend({
  /** The domain queried, in ASCII (punycode) form for a domain. */
  query: z.string(),
  /** The domain in Unicode, only when it has internationalised labels. */
  unicodeName: z.string().optional(),
  kind: z.enum(['domain', 'ip', 'asn']),
  protocol: z.enum(['rdap', 'whois']),
  /** The RDAP URL that answered, or the whois servers asked, in order. */
  sources: z.array(z.string()),
  /** RDAP JSON (indented) or the whois answers as received. */
  raw: z.string(),
  /** What failed on the way (an RDAP error before the whois fallback, a referral that did not answer). */
  notes: z.array(z.string()),
})
export type WhoisResult = z.infer<typeof whoisResult>

export const whoisResponse = toolResponse('whois', whoisResult)

const LABELS: [keyof RegistrationFields, string][] = [
  ['name', 'Name'],
  ['handle', 'Handle'],
  ['registrar', 'Registrar'],
  ['registrarIanaId', 'Registrar IANA ID'],
  ['organisation', 'Organisation'],
  ['range', 'Range'],
  ['country', 'Country'],
  ['createdAt', 'Created'],
  ['updatedAt', 'Updated'],
  ['expiresAt', 'Expires'],
  ['dnssec', 'DNSSEC'],
]

/** A summary of the fields, then the raw answer. */
export function whoisLines(result: WhoisResult): string[] {
  const lines = [`Query: ${result.query} (${result.kind})`]
  if (result.unicodeName) lines.push(`Unicode name: ${result.unicodeName}`)
  lines.push(
    result.protocol === 'rdap'
      ? `Source: RDAP ${result.sources.join(', ')}`
      : `Source: whois ${result.sources.join(' -> ')}`,
  )
  for (const [key, label] of LABELS) {
    const value = result[key]
    if (typeof value === 'string' && value !== '') lines.push(`${label}: ${value}`)
  }
  if (result.statuses.length > 0) lines.push(`Status: ${result.statuses.join(', ')}`)
  if (result.nameServers.length > 0) lines.push(`Name servers: ${result.nameServers.join(', ')}`)
  if (result.abuseContact?.email) lines.push(`Abuse email: ${result.abuseContact.email}`)
  if (result.abuseContact?.phone) lines.push(`Abuse phone: ${result.abuseContact.phone}`)
  for (const note of result.notes) lines.push(`Note: ${note}`)
  lines.push('', ...result.raw.split(/\r?\n/))
  return lines
}
