// Reverse DNS: the PTR names of an IP address, each checked forward (does it resolve back?).
import { z } from 'zod'
import { reverseIpInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const rdnsRequest = toolRequest(reverseIpInput, z.object({}))

/** confirmed: the name resolves back to the address; mismatch: to other addresses only; unresolved: to none. */
export const ptrConfirmation = z.enum(['confirmed', 'mismatch', 'unresolved'])
export type PtrConfirmation = z.infer<typeof ptrConfirmation>

export const rdnsPtr = z.object({
  /** The host name, without the final dot. */
  name: z.string(),
  ttl: z.number(),
  confirmation: ptrConfirmation,
  /** The A (IPv4) or AAAA (IPv6) addresses the name resolves to. */
  forwardAddresses: z.array(z.string()),
  /** Why the forward lookup found no address: "NXDOMAIN", "no A record", "timeout", ... */
  forwardError: z.string().optional(),
})
export type RdnsPtr = z.infer<typeof rdnsPtr>

export const rdnsResult = z.object({
  /** The address, canonical form. */
  ip: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  /** "7.100.51.198.in-addr.arpa" or the nibble form under ip6.arpa. */
  reverseName: z.string(),
  server: z.string(),
  rcode: z.string(),
  queryTimeMs: z.number(),
  ptrs: z.array(rdnsPtr),
  /** At least one PTR name resolves back to the address (FCrDNS). */
  forwardConfirmed: z.boolean(),
})
export type RdnsResult = z.infer<typeof rdnsResult>

export const rdnsResponse = toolResponse('rdns', rdnsResult)
