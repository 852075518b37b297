// Blacklist check: an IP, domain or URL (reduced to its hostname) against DNS block lists.
import { z } from 'zod'
import { hostOrUrlInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

/** The product's prefix of every blacklist failure message. */
export const BLACKLIST_FAILURE_PREFIX = 'Blacklist check failed:'

export const blacklistOptions = z.object({})
export const blacklistRequest = toolRequest(hostOrUrlInput, blacklistOptions)

export const zoneKind = z.enum(['ip', 'domain', 'allow'])
export type ZoneKind = z.infer<typeof zoneKind>

/**
 * listed: on a block list; allowed: on an allow list; clean: not listed, by a list that passed its
 * health check; unverified: the list could not be checked (no usable answer, or it failed its health check).
 */
export const zoneStatus = z.enum(['listed', 'allowed', 'clean', 'unverified'])
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
  /** One line for people: "Not listed", "unverified: no answer within 4 s", "unverified: the list refused the query (...)"... */
  detail: z.string(),
  /** The list's TXT record for a listing, when it publishes one. */
  reason: z.string().nullable(),
  timeMs: z.number(),
  info: z.string(),
  /** The list's page for asking to be removed, when it publishes one. */
  delisting: z.string().optional(),
})
export type BlacklistRow = z.infer<typeof blacklistRow>

export const blacklistSummary = z.object({
  listed: z.number(),
  allowed: z.number(),
  clean: z.number(),
  /** Lists that could not be checked: they count neither as listed nor as clean. */
  unverified: z.number(),
  /** Lists that gave a verdict (total minus unverified). */
  checked: z.number(),
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
    unverified: count('unverified'),
    checked: rows.length - count('unverified'),
    total: rows.length,
  }
}

const lists = (n: number) => `${n} list${n === 1 ? '' : 's'}`

/**
 * One sentence that counts only what was checked: "Not listed on 29 of 29 reachable lists; 3 lists
 * could not be checked" or "Listed on 2 of 29 reachable lists; ...".
 */
export function summarySentence(summary: BlacklistSummary): string {
  const { listed, allowed, checked, unverified } = summary
  const parts: string[] = []
  if (checked === 0) parts.push('No list could be checked')
  else if (listed > 0) parts.push(`Listed on ${listed} of ${checked} reachable list${checked === 1 ? '' : 's'}`)
  else parts.push(`Not listed on ${checked - allowed} of ${checked} reachable list${checked === 1 ? '' : 's'}`)
  if (allowed > 0) parts.push(`allow-listed on ${lists(allowed)}`)
  if (unverified > 0 && checked > 0) parts.push(`${lists(unverified)} could not be checked`)
  return parts.join('; ')
}

/** Each listed address or name with the lists that list it: "evil.shop.test on Spamhaus DBL; 198.51.100.10 on SpamCop". */
export function listingsByTarget(rows: readonly BlacklistRow[]): string {
  const byTarget = new Map<string, string[]>()
  for (const row of rows.filter((r) => r.status === 'listed')) {
    byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row.list])
  }
  return [...byTarget].map(([target, names]) => `${target} on ${names.join(', ')}`).join('; ')
}

/**
 * What a run that found a listing warns of, naming what matched: "Listed on 1 of 41 reachable
 * lists: evil.shop.test on Spamhaus DBL"; undefined when nothing is listed.
 */
export function listingWarning(result: Pick<BlacklistResult, 'rows' | 'summary'>): string | undefined {
  const { listed, checked } = result.summary
  if (listed === 0) return undefined
  return `Listed on ${listed} of ${checked} reachable list${checked === 1 ? '' : 's'}: ${listingsByTarget(result.rows)}`
}

/** More than one address or name was asked about, so each verdict names its own. */
export function hasSeveralTargets(rows: readonly BlacklistRow[]): boolean {
  return new Set(rows.map((row) => row.target)).size > 1
}
