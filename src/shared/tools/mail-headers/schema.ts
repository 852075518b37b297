// Email header analyzer: the hops of a pasted message, its stated authentication results, what this
// server re-checked (DKIM header signatures, SPF, block lists) and the anomalies found.
import { z } from 'zod'
import { toolRequest, toolResponse } from '../tool-answer.ts'
import { headersInput } from './input.ts'

export const mailHeadersRequest = toolRequest(headersInput, z.object({}))

export const hop = z.object({
  /** 1 for the oldest Received header (the first server the message met). */
  number: z.number(),
  /** The first word of the from clause: the HELO name in most servers' headers, the reverse name in Exim's. */
  fromName: z.string().optional(),
  /** The reverse name the receiving server found, when it wrote one. */
  fromHost: z.string().optional(),
  fromAddress: z.string().optional(),
  by: z.string().optional(),
  /** The protocol as written: ESMTPS, esmtpa, Microsoft SMTP Server, HTTPS... */
  with: z.string().optional(),
  /** "TLS1_2 ECDHE-RSA-AES128-GCM-SHA256" as stated, "TLS" when the protocol says so, "none" for plain SMTP; absent when not stated. */
  tls: z.string().optional(),
  /** UTC, ISO 8601; absent when the date is missing or unparsable. */
  time: z.string().optional(),
  dateProblem: z.enum(['missing', 'unparsable']).optional(),
  /** Seconds since the previous hop with a time; negative means the clocks disagree. */
  delaySeconds: z.number().optional(),
  raw: z.string(),
})
export type Hop = z.infer<typeof hop>

export const authMethodResult = z.object({
  method: z.string(),
  result: z.string(),
  /** ptype.property=value pairs as written: "header.d=example.com smtp.mailfrom=a@example.com". */
  properties: z.string(),
})

export const authStatement = z.object({
  source: z.enum(['Authentication-Results', 'ARC-Authentication-Results', 'Received-SPF']),
  /** The server that wrote the results; empty when it did not name itself (Microsoft 365 does not). */
  authservId: z.string(),
  /** ARC instance (i=). */
  instance: z.number().optional(),
  results: z.array(authMethodResult),
})
export type AuthStatement = z.infer<typeof authStatement>

export const recheckStatus = z.enum(['pass', 'fail', 'neutral', 'softfail', 'none', 'not-checked'])

export const dkimRecheck = z.object({
  domain: z.string(),
  selector: z.string(),
  algorithm: z.string(),
  status: recheckStatus,
  /** What was checked and what could not be. */
  detail: z.string(),
})
export type DkimRecheck = z.infer<typeof dkimRecheck>

export const spfRecheck = z.object({
  domain: z.string().optional(),
  address: z.string().optional(),
  status: z.union([recheckStatus, z.enum(['temperror', 'permerror'])]),
  detail: z.string(),
})
export type SpfRecheck = z.infer<typeof spfRecheck>

export const relayListing = z.object({
  address: z.string(),
  status: z.enum(['listed', 'clean', 'unverified', 'skipped']),
  /** The lists that list it, or why it was not (fully) checked. */
  detail: z.string(),
})
export type RelayListing = z.infer<typeof relayListing>

export const anomalyKind = z.enum([
  'clock-skew',
  'missing-date',
  'unparsable-date',
  'date-far-from-first-hop',
  'listed-relay',
  'missing-message-id',
  'dmarc-fail',
  'no-received',
])

export const anomaly = z.object({ kind: anomalyKind, text: z.string() })
export type Anomaly = z.infer<typeof anomaly>

export const messageSummary = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  subject: z.string().optional(),
  date: z.string().optional(),
  messageId: z.string().optional(),
  returnPath: z.string().optional(),
})

export const mailHeadersResult = z.object({
  message: messageSummary,
  hops: z.array(hop),
  /** First to last hop with a time, in seconds. */
  totalSeconds: z.number().optional(),
  auth: z.array(authStatement),
  dkim: z.array(dkimRecheck),
  spf: spfRecheck,
  relays: z.array(relayListing),
  anomalies: z.array(anomaly),
  /** What could not be checked at all, and why. */
  notChecked: z.array(z.string()),
})
export type MailHeadersResult = z.infer<typeof mailHeadersResult>

export const mailHeadersResponse = toolResponse('mail-headers', mailHeadersResult)
