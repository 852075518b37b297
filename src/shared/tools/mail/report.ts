// The mail test as a scored report: every check sorted into its category (reachability and
// STARTTLS, DANE, MTA-STS and TLS-RPT, SPF, DMARC, DKIM, BIMI, IPv6), each category with a verdict
// and a score from the checks that could be made.

import { type MailCheckId, mailCheckHelp } from './explain.ts'
import type { MailCheck } from './schema.ts'

export const MAIL_CATEGORIES = [
  { id: 'reachability', title: 'Mail server reachability & STARTTLS' },
  { id: 'dane', title: 'DANE' },
  { id: 'mta-sts', title: 'MTA-STS & TLS-RPT' },
  { id: 'spf', title: 'SPF' },
  { id: 'dmarc', title: 'DMARC' },
  { id: 'dkim', title: 'DKIM' },
  { id: 'bimi', title: 'BIMI' },
  { id: 'ipv6', title: 'IPv6' },
] as const
export type MailCategoryId = (typeof MAIL_CATEGORIES)[number]['id']

const CATEGORY_OF: Record<MailCheckId, MailCategoryId> = {
  mx: 'reachability',
  'mx-address': 'reachability',
  'smtp-connect': 'reachability',
  'smtp-banner': 'reachability',
  ehlo: 'reachability',
  starttls: 'reachability',
  'tls-certificate': 'reachability',
  'tls-grade': 'reachability',
  'open-relay': 'reachability',
  'reverse-dns': 'reachability',
  dane: 'dane',
  'dane-dnssec': 'dane',
  'mta-sts': 'mta-sts',
  'tls-rpt': 'mta-sts',
  spf: 'spf',
  dmarc: 'dmarc',
  dkim: 'dkim',
  bimi: 'bimi',
  ipv6: 'ipv6',
}

/** 'not-tested': no check of the category could be made; 'info': only informational findings. */
export type CategoryVerdict = 'pass' | 'warn' | 'fail' | 'info' | 'not-tested'

export const VERDICT_LABELS: Record<CategoryVerdict, string> = {
  pass: 'pass',
  warn: 'warning',
  fail: 'fail',
  info: 'info',
  'not-tested': 'not tested',
}

export interface ReportedCheck extends MailCheck {
  why?: string
  fix?: string
}

export interface MailCategoryReport {
  id: MailCategoryId
  title: string
  verdict: CategoryVerdict
  /** 0-100 over the checks made (pass 1, warning 1/2, fail 0); null when none could be made. */
  score: number | null
  checks: ReportedCheck[]
}

function verdictOf(checks: MailCheck[]): CategoryVerdict {
  const has = (status: MailCheck['status']) => checks.some((c) => c.status === status)
  if (has('fail')) return 'fail'
  if (has('warn')) return 'warn'
  if (has('pass')) return 'pass'
  if (has('info')) return 'info'
  return 'not-tested'
}

function scoreOf(checks: MailCheck[]): number | null {
  const made = checks.filter((c) => c.status === 'pass' || c.status === 'warn' || c.status === 'fail')
  if (made.length === 0) return null
  const points = made.reduce((sum, c) => sum + (c.status === 'pass' ? 1 : c.status === 'warn' ? 0.5 : 0), 0)
  return Math.round((100 * points) / made.length)
}

/** The category a check belongs to; checks this version does not know go with reachability. */
export function mailCategoryOf(id: string): MailCategoryId {
  return (CATEGORY_OF as Record<string, MailCategoryId | undefined>)[id] ?? 'reachability'
}

/** Every category in report order, each with its checks, verdict and score. */
export function buildMailReport(checks: readonly MailCheck[]): MailCategoryReport[] {
  return MAIL_CATEGORIES.map(({ id, title }) => {
    const mine = checks
      .filter((c) => mailCategoryOf(c.id) === id)
      .map((c): ReportedCheck => ({ ...c, ...mailCheckHelp(c.id) }))
    return { id, title, verdict: verdictOf(mine), score: scoreOf(mine), checks: mine }
  })
}

/** "DANE: fail (50/100)", "BIMI: not tested". */
export function categoryHeadline(category: MailCategoryReport): string {
  const score = category.score === null ? '' : ` (${category.score}/100)`
  return `${category.title}: ${VERDICT_LABELS[category.verdict]}${score}`
}
