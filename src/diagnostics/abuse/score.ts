// The abuse score, point by point: each block-list operator counts once (its heaviest listing),
// AbuseIPDB's confidence counts half, and the total is capped at 100.
import { type AbuseEvidence, MAX_ABUSE_SCORE } from '../../shared/tools/abuse/schema.ts'
import type { ZoneCheck } from '../dnsbl/query-zone.ts'

export interface AbuseIpdbReport {
  /** AbuseIPDB's abuse confidence, 0-100. */
  confidence: number
  totalReports: number
  lastReportedAt: string | null
  isp: string | null
  countryCode: string | null
}

export interface AbuseScore {
  score: number
  evidence: AbuseEvidence[]
  categories: string[]
  lastSeen: string | null
}

/** AbuseIPDB confidence points: half of its 0-100 confidence. */
export function abuseIpdbPoints(confidence: number): number {
  return Math.round(Math.min(100, Math.max(0, confidence)) / 2)
}

function listingEvidence(checks: readonly ZoneCheck[]): AbuseEvidence[] {
  const byGroup = new Map<string, ZoneCheck[]>()
  for (const check of checks.filter((c) => c.verdict.status === 'listed')) {
    const group = check.zone.group ?? check.zone.id
    byGroup.set(group, [...(byGroup.get(group) ?? []), check])
  }
  return [...byGroup.values()].map((group) => {
    const heaviest = group.reduce((best, check) => (check.verdict.weight > best.verdict.weight ? check : best))
    const others = group.filter((check) => check !== heaviest).map((check) => check.zone.name)
    const also = others.length > 0 ? ` (also listed in ${others.join(', ')}; counted once)` : ''
    return {
      source: heaviest.zone.name,
      detail: `${heaviest.verdict.meanings.join('; ')}${also}`,
      points: heaviest.verdict.weight,
    }
  })
}

function allowEvidence(checks: readonly ZoneCheck[]): AbuseEvidence[] {
  return checks
    .filter((check) => check.verdict.status === 'allowed')
    .map((check) => ({
      source: check.zone.name,
      detail: `Allow-listed: ${check.verdict.meanings.join('; ')}`,
      points: 0,
    }))
}

export function scoreAbuse(checks: readonly ZoneCheck[], report: AbuseIpdbReport | null): AbuseScore {
  const evidence = [...listingEvidence(checks), ...allowEvidence(checks)]
  if (report) {
    const reports = `${report.totalReports} report${report.totalReports === 1 ? '' : 's'}`
    evidence.push({
      source: 'AbuseIPDB',
      detail: `abuse confidence ${report.confidence}% from ${reports} in the last 90 days`,
      points: abuseIpdbPoints(report.confidence),
    })
  }
  evidence.sort((a, b) => b.points - a.points)
  const total = evidence.reduce((sum, item) => sum + item.points, 0)
  const categories = new Set(
    checks.filter((check) => check.verdict.status === 'listed').flatMap((check) => check.verdict.categories),
  )
  if (report && report.totalReports > 0) categories.add('reported to AbuseIPDB')
  return {
    score: Math.min(MAX_ABUSE_SCORE, total),
    evidence,
    categories: [...categories],
    lastSeen: report?.lastReportedAt ?? null,
  }
}
