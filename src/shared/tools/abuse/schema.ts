// IP abuse check: an explainable 0-100 abuse score from real evidence, with the product's risk levels.
import { z } from 'zod'
import { ipAddressInput } from '../../validation.ts'
import { blacklistSummary } from '../blacklist/schema.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const abuseOptions = z.object({})
export const abuseRequest = toolRequest(ipAddressInput, abuseOptions)

export const MAX_ABUSE_SCORE = 100
/** The product's advice thresholds: above 50, above 25. */
export const ADVICE_HIGH_ABOVE = 50
export const ADVICE_CAUTION_ABOVE = 25

export const riskLevel = z.enum(['clean', 'low', 'medium', 'high'])
export type RiskLevel = z.infer<typeof riskLevel>

/** The product's levels: 0 is clean; under 25 low; under 75 medium; otherwise high. */
export function riskLevelOf(score: number): RiskLevel {
  if (score <= 0) return 'clean'
  if (score < 25) return 'low'
  if (score < 75) return 'medium'
  return 'high'
}

export const RISK_LEGEND: ReadonlyArray<{ level: RiskLevel; label: string; range: string }> = [
  { level: 'clean', label: 'Clean', range: '0' },
  { level: 'low', label: 'Low risk', range: '1-24' },
  { level: 'medium', label: 'Medium risk', range: '25-74' },
  { level: 'high', label: 'High risk', range: '75-100' },
]

export function reputationOf(score: number): string {
  const level = riskLevelOf(score)
  return RISK_LEGEND.find((entry) => entry.level === level)?.label ?? 'Clean'
}

export function adviceFor(score: number): string {
  if (score > ADVICE_HIGH_ABOVE) {
    return 'Block or closely watch traffic from this IP address, and report abuse to its network owner.'
  }
  if (score > ADVICE_CAUTION_ABOVE) {
    return 'Treat traffic from this IP address with caution and monitor it.'
  }
  return 'No significant abuse evidence: no action needed.'
}

/** One piece of evidence and the points it adds to the score. */
export const abuseEvidence = z.object({
  source: z.string(),
  detail: z.string(),
  points: z.number(),
})
export type AbuseEvidence = z.infer<typeof abuseEvidence>

export const ispInfo = z.object({
  org: z.string().nullable(),
  country: z.string().nullable(),
  abuseEmail: z.string().nullable(),
})
export type IspInfo = z.infer<typeof ispInfo>

/** What the score needs at least: half of the block lists that apply gave a verdict. */
export const MIN_CHECKED_SHARE = 0.5
export const NOT_ENOUGH_EVIDENCE = 'Not enough evidence'

/** One source of evidence and whether it could be consulted. */
export const abuseSource = z.object({
  source: z.string(),
  status: z.enum(['checked', 'not checked']),
  detail: z.string(),
})
export type AbuseSource = z.infer<typeof abuseSource>

export const abuseResult = z.object({
  ip: z.string(),
  /** Null when too few sources could be checked to give a score ("Not enough evidence"). */
  abuseScore: z.number().min(0).max(MAX_ABUSE_SCORE).nullable(),
  riskLevel: riskLevel.nullable(),
  reputation: z.string(),
  advice: z.string(),
  categories: z.array(z.string()),
  /** ISO time of the last report, only when a source states it. */
  lastSeen: z.string().nullable(),
  ispInfo,
  /** Every point of the score, and the findings that add none. */
  evidence: z.array(abuseEvidence),
  blacklists: blacklistSummary,
  /** Every source, checked or not, with what it said or why it could not be asked. */
  sources: z.array(abuseSource),
  /** Sources consulted and what they could not tell. */
  notes: z.array(z.string()),
})
export type AbuseResult = z.infer<typeof abuseResult>

export const abuseResponse = toolResponse('abuse', abuseResult)

/**
 * The categories as both views show them: the reported ones; "none" when sources were checked and
 * none reports one; "unknown" when no source could be checked.
 */
export function categoriesText(result: Pick<AbuseResult, 'categories' | 'sources'>): string {
  if (result.categories.length > 0) return result.categories.join(', ')
  return result.sources.some((s) => s.status === 'checked') ? 'none' : 'unknown (no source could be checked)'
}
