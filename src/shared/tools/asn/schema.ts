// ASN check: the autonomous system announcing an IP address, or an AS looked up by its number,
// from offline data plus RDAP.
import { z } from 'zod'
import { readTarget } from '../../input-rule.ts'
import { ambiguousIpv4Message, isIpAddress, messages } from '../../validation.ts'
import { attribution, ipNetwork } from '../ip-data.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const asnMessages = {
  asZero: 'AS0 is reserved and never announced: enter an AS number from 1 to 4294967295',
  tooLarge: 'AS numbers go from 1 to 4294967295 (32 bits)',
  badAsNumber: 'Please enter a valid AS number, such as AS15169 or 15169',
  neither: 'Please enter an IP address or an AS number, such as 8.8.8.8 or AS15169',
} as const

export type AsnQuery = { kind: 'asn'; number: number } | { kind: 'ip'; address: string }

/** "AS15169", "as 15169" or "15169" is an AS number; anything else must be an IP address. */
export function readAsnQuery(text: string): AsnQuery | { error: string } {
  // A pasted URL or bracketed address gives its host (input-rule.ts) when that host is an IP address.
  const host = readTarget(text).host
  const typed = isIpAddress(host) ? host : text.trim()
  if (typed === '') return { error: messages.ipRequired }
  const number = /^(?:AS\s?)?(\d+)$/i.exec(typed)
  if (number) {
    const digits = (number[1] ?? '').replace(/^0+(?=\d)/, '')
    if (digits.length > 10 || Number(digits) > 4294967295) return { error: asnMessages.tooLarge }
    if (Number(digits) === 0) return { error: asnMessages.asZero }
    return { kind: 'asn', number: Number(digits) }
  }
  if (/^AS/i.test(typed) && !/[.:]/.test(typed)) return { error: asnMessages.badAsNumber }
  // A bare number is an AS number (above); the other legacy IPv4 spellings are refused as ambiguous.
  const ambiguous = ambiguousIpv4Message(typed)
  if (ambiguous) return { error: ambiguous }
  if (isIpAddress(typed)) return { kind: 'ip', address: typed }
  // Something shaped like an address keeps the product's address message.
  return { error: /[.:]/.test(typed) ? messages.ipInvalid : asnMessages.neither }
}

export const asnQueryInput = z
  .string()
  .max(2048, messages.ipInvalid)
  .transform((text, ctx) => {
    const query = readAsnQuery(text)
    if ('error' in query) {
      ctx.addIssue({ code: 'custom', message: query.error })
      return z.NEVER
    }
    return query.kind === 'ip' ? query.address : text.trim()
  })

export const asnRequest = toolRequest(asnQueryInput, z.object({}))

/** What the registry (RDAP) says about the network holding the address. */
export const asnRegistration = z.object({
  source: z.string(),
  networkName: z.string().optional(),
  handle: z.string().optional(),
  range: z.string().optional(),
  organisation: z.string().optional(),
  abuseEmail: z.string().optional(),
  abusePhone: z.string().optional(),
})
export type AsnRegistration = z.infer<typeof asnRegistration>

/** The answer for an IP address: the AS announcing it. */
export const asnAddressResult = ipNetwork.extend({
  ip: z.string(),
  /** Country of the address (DB-IP), ISO code and name. */
  countryCode: z.string().optional(),
  country: z.string().optional(),
  registration: asnRegistration.optional(),
  notes: z.array(z.string()),
  attributions: z.array(attribution),
})
export type AsnAddressResult = z.infer<typeof asnAddressResult>

/** What the registry (RDAP autnum object) says about an AS. */
export const asnNumberRegistration = z.object({
  source: z.string(),
  /** The regional registry: "ARIN", "RIPE NCC"..., or the server that answered. */
  registry: z.string(),
  handle: z.string().optional(),
  name: z.string().optional(),
  organisation: z.string().optional(),
  /** ISO 3166-1 code the registry gives. */
  country: z.string().optional(),
  abuseEmail: z.string().optional(),
  abusePhone: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
})
export type AsnNumberRegistration = z.infer<typeof asnNumberRegistration>

/** The answer for an AS number: its holder and every block the offline data has it announce. */
export const asnNumberResult = z.object({
  kind: z.literal('as-number'),
  asn: z.number(),
  /** The AS name in the offline data; absent when the data lists no route for it. */
  name: z.string().optional(),
  /** A number set aside by an RFC (documentation, private use...): what for. */
  reserved: z.string().optional(),
  prefixes: z.object({ ipv4: z.array(z.string()), ipv6: z.array(z.string()) }),
  registration: asnNumberRegistration.optional(),
  notes: z.array(z.string()),
  attributions: z.array(attribution),
})
export type AsnNumberResult = z.infer<typeof asnNumberResult>

export const asnResult = z.union([asnNumberResult, asnAddressResult])
export type AsnResult = z.infer<typeof asnResult>

export const asnResponse = toolResponse('asn', asnResult)

export const isAsNumberResult = (result: AsnResult): result is AsnNumberResult =>
  'kind' in result && result.kind === 'as-number'
