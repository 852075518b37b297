// The website check as text: up/down, the redirect chain with timings, TLS, the website-standards
// report (with why/how to fix), security headers, headers.
import { explanationLines } from '../explanation.ts'
import { websiteExplanations } from './explain.ts'
import type { HopTimings, WebsiteCategory, WebsiteCheckResult, WebsiteHop } from './schema.ts'

const VERDICT = { pass: 'PASS', warning: 'WARNING', fail: 'FAIL', 'not-tested': 'NOT TESTED' } as const

/** Each category with its score, each check with its verdict, and why/how to fix for the ones that did not pass. */
export function standardsLines(categories: WebsiteCategory[]): string[] {
  if (categories.length === 0) return []
  const lines = ['', 'Website standards']
  for (const category of categories) {
    lines.push(`  ${category.name}: ${category.score === null ? 'not tested' : `${category.score}/100`}`)
    for (const check of category.checks) {
      lines.push(`    [${VERDICT[check.verdict]}] ${check.name}: ${check.detail}`)
      if (check.verdict === 'warning' || check.verdict === 'fail')
        lines.push(...explanationLines(websiteExplanations[check.id], '        '))
    }
  }
  return lines
}

const RATING = { good: 'GOOD', weak: 'WEAK', invalid: 'INVALID', missing: 'MISSING' } as const

export function describeTimings(t: HopTimings): string {
  const parts: [string, number | null][] = [
    ['dns', t.dnsMs],
    ['connect', t.connectMs],
    ['tls', t.tlsMs],
    ['first byte', t.firstByteMs],
    ['total', t.totalMs],
  ]
  return parts.flatMap(([name, ms]) => (ms === null ? [] : [`${name} ${ms} ms`])).join(', ')
}

function hopLine(hop: WebsiteHop, index: number): string[] {
  const status = hop.status === null ? '---' : String(hop.status)
  const where = hop.address ? ` [${hop.address}]` : ''
  const lines = [`  ${index + 1}. ${status} ${hop.url}${where}`]
  if (hop.location) lines.push(`       Location: ${hop.location}`)
  lines.push(`       ${describeTimings(hop.timings)}`)
  if (hop.error) lines.push(`       ${hop.error}`)
  return lines
}

export function statusText(result: WebsiteCheckResult): string {
  const state = result.up ? 'UP' : 'DOWN'
  if (result.finalStatus === null) return state
  return `${state} (${result.finalStatus}${result.statusText ? ` ${result.statusText}` : ''})`
}

export function websiteCheckLines(result: WebsiteCheckResult): string[] {
  const redirects = result.hops.filter((h) => h.location !== null).length
  const lines = [
    `Website check of ${result.url}`,
    `Status: ${statusText(result)}`,
    `Final URL: ${result.finalUrl}`,
    '',
    `Requests (${redirects} redirect${redirects === 1 ? '' : 's'})`,
    ...result.hops.flatMap(hopLine),
  ]
  if (result.tls) {
    lines.push('', `TLS: ${result.tls.protocol ?? '?'}, ${result.tls.cipher ?? '?'}`)
  }
  if (result.bodyBytes !== null) {
    lines.push(`Body: ${result.bodyBytes} bytes${result.bodyTruncated ? ' (read stopped at the 1 MB cap)' : ''}`)
  }
  lines.push(...standardsLines(result.standards))
  if (result.securityHeaders.length > 0) {
    lines.push('', 'Security headers')
    for (const check of result.securityHeaders) {
      lines.push(
        `  [${RATING[check.rating]}] ${check.name}${check.value ? `: ${check.value}` : ''}`,
        `      ${check.verdict}`,
      )
    }
  }
  if (result.headers.length > 0) {
    lines.push('', 'Response headers', ...result.headers.map((h) => `  ${h.name}: ${h.value}`))
  }
  return lines
}
