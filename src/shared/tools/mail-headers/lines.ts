// The email header analyzer as text: the hop table, the stated results, the re-checks and the anomalies.
import { delayText, formatDuration, fromText, timeText } from './format.ts'
import type { MailHeadersResult } from './schema.ts'

function hopLines(result: MailHeadersResult): string[] {
  if (result.hops.length === 0) return ['No Received headers: the message path is unknown']
  const lines = result.hops.map((hop) =>
    [
      `${hop.number}.`,
      `from ${fromText(hop)}`,
      `by ${hop.by ?? '—'}`,
      `with ${hop.with ?? '—'}`,
      `TLS ${hop.tls ?? 'not stated'}`,
      timeText(hop),
      `delay ${delayText(hop)}`,
    ].join(' | '),
  )
  if (result.totalSeconds !== undefined) lines.push(`Total delivery time: ${formatDuration(result.totalSeconds)}`)
  return lines
}

function authLines(result: MailHeadersResult): string[] {
  if (result.auth.length === 0) return ['No Authentication-Results, ARC-Authentication-Results or Received-SPF header']
  return result.auth.map((statement) => {
    const who = statement.authservId || 'unnamed server'
    const instance = statement.instance !== undefined ? ` i=${statement.instance}` : ''
    const results = statement.results.map((r) => `${r.method}=${r.result}${r.properties ? ` (${r.properties})` : ''}`)
    return `${statement.source}${instance} by ${who}: ${results.join('; ') || 'none'}`
  })
}

export function mailHeadersLines(result: MailHeadersResult): string[] {
  const { message } = result
  const lines = [
    `Message: ${message.subject ?? '(no subject)'}`,
    `From: ${message.from ?? '—'}  To: ${message.to ?? '—'}`,
    `Date: ${message.date ?? '—'}  Message-ID: ${message.messageId ?? '—'}`,
    '',
    `Hops (oldest first): ${result.hops.length}`,
    ...hopLines(result),
    '',
    'Authentication results as stated:',
    ...authLines(result),
    '',
    'Re-checked by this server:',
    ...(result.dkim.length === 0 ? ['DKIM: no DKIM-Signature header'] : []),
    ...result.dkim.map((d) => `DKIM ${d.selector}._domainkey.${d.domain} (${d.algorithm}): ${d.status} - ${d.detail}`),
    `SPF${result.spf.domain ? ` ${result.spf.domain}` : ''}${result.spf.address ? ` for ${result.spf.address}` : ''}: ${result.spf.status} - ${result.spf.detail}`,
    ...result.relays.map((r) => `Block lists ${r.address}: ${r.status} - ${r.detail}`),
    '',
    result.anomalies.length === 0 ? 'Anomalies: none found' : `Anomalies: ${result.anomalies.length}`,
    ...result.anomalies.map((a) => `! ${a.text}`),
  ]
  if (result.notChecked.length > 0) lines.push('', 'Not checked:', ...result.notChecked.map((n) => `- ${n}`))
  return lines
}
