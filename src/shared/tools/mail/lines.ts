// The mail test as text: MX table, checks grouped by server, records, then each SMTP transcript.

import { explanationLines } from '../explanation.ts'
import { buildMailReport, categoryHeadline } from './report.ts'
import {
  type MailCheck,
  type MailResult,
  type MxAddress,
  mailHostsSentence,
  mailSummarySentence,
  summarizeMailChecks,
  summarizeMailHosts,
} from './schema.ts'

const LABELS = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', info: 'INFO', skipped: 'SKIP' } as const
const MX_TITLES: Record<MailResult['mxSource'], string> = {
  mx: 'MX records',
  'null-mx': 'MX records',
  'address-fallback': 'Mail host (no MX: address fallback)',
  'ip-literal': 'Mail host',
}

function checkLines(checks: MailCheck[]): string[] {
  const width = Math.max(0, ...checks.map((c) => c.title.length))
  return checks.map((c) => `  [${LABELS[c.status]}] ${c.title.padEnd(width)}  ${c.reason}`)
}

function reverseText(address: MxAddress): string {
  if (address.ptr.length === 0) return 'no PTR'
  return `PTR ${address.ptr.join(', ')}${address.forwardConfirmed ? '' : ', not forward-confirmed'}`
}

function mxLines(result: MailResult): string[] {
  if (result.mx.length === 0) return []
  const lines = [MX_TITLES[result.mxSource]]
  const width = Math.max(...result.mx.map((m) => m.name.length))
  for (const host of result.mx) {
    const head = `  ${String(host.preference).padStart(5)}  ${host.name.padEnd(width)}`
    if (host.error) lines.push(`${head}  ${host.error}`)
    else if (host.addresses.length === 0) lines.push(head)
    host.addresses.forEach((address) => {
      lines.push(`${head}  ${address.address} (${reverseText(address)})`)
    })
  }
  return [...lines, '']
}

function recordLines(result: MailResult): string[] {
  const lines: string[] = []
  if (result.spf) lines.push(`SPF: ${result.spf.record}`)
  if (result.dmarc) lines.push(`DMARC (${result.dmarc.recordDomain}): ${result.dmarc.record}`)
  for (const key of result.dkim) {
    const size = key.bits ? `, ${key.bits} bits` : ''
    lines.push(`DKIM ${key.selector}._domainkey: ${key.revoked ? 'revoked (empty p=)' : `${key.keyType}${size}`}`)
  }
  if (result.mtaSts) {
    const mode = result.mtaSts.mode ? `, mode ${result.mtaSts.mode}` : ''
    lines.push(
      `MTA-STS: id ${result.mtaSts.id}${mode}${result.mtaSts.mx.length ? `, mx ${result.mtaSts.mx.join(' ')}` : ''}`,
    )
  }
  if (result.tlsRpt) lines.push(`TLS-RPT: ${result.tlsRpt.record}`)
  if (result.bimi) lines.push(`BIMI: ${result.bimi.record}`)
  for (const host of result.mx) {
    if (!host.tlsa) continue
    const dnssec = host.tlsa.dnssec === 'not-validated' ? 'DNSSEC not validated' : `DNSSEC ${host.tlsa.dnssec}`
    lines.push(...host.tlsa.records.map((record) => `TLSA _25._tcp.${host.name}: ${record} (${dnssec})`))
  }
  return lines.length ? ['Records', ...lines.map((l) => `  ${l}`), ''] : []
}

function transcriptLines(result: MailResult): string[] {
  const lines: string[] = []
  for (const host of result.mx) {
    for (const address of host.addresses) {
      if (!address.smtp) continue
      lines.push(`SMTP transcript: ${host.name} [${address.address}]:${address.smtp.port}`)
      lines.push(...address.smtp.transcript.map((l) => `  ${l}`), '')
    }
  }
  return lines
}

/** One line per category (verdict and score over the checks made), then why and how to fix each
 * warning and failure. */
function scoreLines(result: MailResult): string[] {
  if (result.mxSource === 'ip-literal' || result.checks.length === 0) return []
  const report = buildMailReport(result.checks)
  const toFix = report.flatMap((category) =>
    category.checks.flatMap((check) => {
      if (check.status !== 'warn' && check.status !== 'fail') return []
      const where = check.host ? ` (${check.host})` : ''
      const head = `  [${LABELS[check.status]}] ${category.title}: ${check.title}${where}`
      return check.why && check.fix ? [head, ...explanationLines({ why: check.why, fix: check.fix }, '      ')] : [head]
    }),
  )
  return [
    'Scored report',
    ...report.map((c) => `  ${categoryHeadline(c)}`),
    '',
    ...(toFix.length ? ['What to fix', ...toFix, ''] : []),
  ]
}

export function mailLines(result: MailResult): string[] {
  const domainChecks = result.checks.filter((c) => !c.host)
  const hosts = [...new Set(result.checks.flatMap((c) => (c.host ? [c.host] : [])))]
  const summary = mailSummarySentence(summarizeMailChecks(result.checks))
  const reach = mailHostsSentence(summarizeMailHosts(result.mx))
  const lines = [
    `Mail test for ${result.domain}`,
    summary,
    ...(reach ? [reach] : []),
    '',
    ...mxLines(result),
    'Checks',
    ...checkLines(domainChecks),
    '',
  ]
  for (const host of hosts) {
    lines.push(host, ...checkLines(result.checks.filter((c) => c.host === host)), '')
  }
  return [...lines, ...scoreLines(result), ...recordLines(result), ...transcriptLines(result)]
}
