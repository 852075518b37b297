// Blacklist check: an IP, domain or URL (reduced to its hostname) against DNS block lists.
import { z } from 'zod'
import { hostOrUrlInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'

export { blacklistLines } from './blacklist-lines.ts'

/** The spec's prefix of every blacklist failure message. */
export const BLACKLIST_FAILURE_PREFIX = 'Blacklist check failed:'

export const blacklistOptions = z.object({})
export const blacklistRequest = toolRequest(hostOrUrlInput, blacklistOptions)

export const zoneKind = z.enum(['ip', 'domain', 'allow'])
export type ZoneKind = z.infer<typeof zoneKind>

/** listed: on a block list; allowed: on an allow list; clean: not listed; unknown: no usable answer. */
export const zoneStatus = z.enum(['listed', 'allowed', 'clean', 'unknown'])
export type ZoneStatus = z.infer<typeof zoneStatus>

/** One list's verdict for one target (an address or a domain). */
export const blacklistRow = z.object({
  id: z.string(),
  list: z.string(),
  zone: z.string(),
  kind: zoneKind,
  /** The address or domain looked up. */
  target: z.string(),
  /** The DNS name asked. */
  query: z.string(),
  status: zoneStatus,
  /** Return codes (A records) as answered. */
  codes: z.array(z.string()),
  /** What each return code means, as the list documents it. */
  meanings: z.array(z.string()),
  /** One line for people: "Not listed", "unknown: timeout", "unknown: query refused (...)"... */
  detail: z.string(),
  /** The list's TXT record for a listing, when it publishes one. */
  reason: z.string().nullable(),
  timeMs: z.number(),
  info: z.string(),
})
export type BlacklistRow = z.infer<typeof blacklistRow>

export const blacklistSummary = z.object({
  listed: z.number(),
  allowed: z.number(),
  clean: z.number(),
  unknown: z.number(),
  total: z.number(),
})
export type BlacklistSummary = z.infer<typeof blacklistSummary>

export const blacklistResult = z.object({
  /** The hostname or address checked (a URL reduced to its host). */
  host: z.string(),
  targetType: z.enum(['ip', 'domain']),
  /** Addresses checked against the IP lists. */
  addresses: z.array(z.string()),
  /** The registrable domain checked against the domain lists, when the input is a name. */
  domain: z.string().nullable(),
  rows: z.array(blacklistRow),
  summary: blacklistSummary,
  /** Facts about what was or was not checked (skipped lists, addresses that cannot be listed...). */
  notes: z.array(z.string()),
})
export type BlacklistResult = z.infer<typeof blacklistResult>

/** An SSE progress event: one list answered. */
export const blacklistProgress = z.object({
  row: blacklistRow,
  done: z.number(),
  total: z.number(),
})
export type BlacklistProgress = z.infer<typeof blacklistProgress>

export const blacklistResponse = toolResponse('blacklist', blacklistResult)

export function summarizeRows(rows: readonly BlacklistRow[]): BlacklistSummary {
  const count = (status: ZoneStatus) => rows.filter((row) => row.status === status).length
  return {
    listed: count('listed'),
    allowed: count('allowed'),
    clean: count('clean'),
    unknown: count('unknown'),
    total: rows.length,
  }
}
