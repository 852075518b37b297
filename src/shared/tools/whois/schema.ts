// Whois: registration data of a domain, IP address or AS number, from RDAP or port-43 whois.
import { z } from 'zod'
import { whoisQueryInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

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
