// The abuse result as text lines: score, risk, ISP, then every piece of evidence with its points.

import { summarySentence } from '../blacklist/schema.ts'
import { type AbuseResult, categoriesText } from './schema.ts'

const orUnknown = (value: string | null) => value ?? 'unknown'

export function abuseLines(result: AbuseResult): string[] {
  const { ispInfo, blacklists } = result
  const lines = [
    `IP: ${result.ip}`,
    result.abuseScore === null
      ? `Abuse score: none (${result.reputation})`
      : `Abuse score: ${result.abuseScore}/100 (${result.reputation})`,
    `Advice: ${result.advice}`,
    `Categories: ${categoriesText(result)}`,
    `Last seen: ${result.lastSeen ?? 'no source reports a date'}`,
    `ISP / organisation: ${orUnknown(ispInfo.org)}`,
    `Country: ${orUnknown(ispInfo.country)}`,
    `Abuse contact: ${orUnknown(ispInfo.abuseEmail)}`,
    `Block lists: ${summarySentence(blacklists)}`,
    '',
    'Sources:',
    ...result.sources.map(
      (s) => `  ${s.status === 'checked' ? 'checked    ' : 'not checked'}  ${s.source}: ${s.detail}`,
    ),
    '',
    'Evidence:',
  ]
  if (result.evidence.length === 0) lines.push('  none found')
  for (const item of result.evidence) {
    const points = item.points > 0 ? `+${item.points}` : ' 0'
    lines.push(`  ${points.padStart(4)}  ${item.source}: ${item.detail}`)
  }
  for (const note of result.notes) lines.push(`Note: ${note}`)
  return lines
}
