// The blacklist result as text lines: the summary first, then listed, unverified, allowed and clean lists.
import {
  type BlacklistResult,
  type BlacklistRow,
  hasSeveralTargets,
  listingsByTarget,
  summarySentence,
  type ZoneStatus,
} from './schema.ts'

const LABELS: Record<ZoneStatus, string> = {
  listed: 'LISTED    ',
  unverified: 'UNVERIFIED',
  allowed: 'ALLOWED   ',
  clean: 'CLEAN     ',
}

const ORDER: ZoneStatus[] = ['listed', 'unverified', 'allowed', 'clean']

function rowLine(row: BlacklistRow, showTarget: boolean): string {
  const where = showTarget ? ` for ${row.target}` : ''
  const detail = row.status === 'listed' || row.status === 'allowed' ? row.meanings.join('; ') : row.detail
  return `${LABELS[row.status]}  ${row.list} (${row.zone})${where}: ${detail}`
}

export function blacklistLines(result: BlacklistResult): string[] {
  const { summary } = result
  const showTarget = hasSeveralTargets(result.rows)
  const lines = [
    `Blacklist check for ${result.host}`,
    summarySentence(summary),
    ...(summary.listed > 0 ? [`Listed: ${listingsByTarget(result.rows)}`] : []),
    ...result.notes.map((note) => `Note: ${note}`),
    '',
  ]
  for (const status of ORDER) {
    for (const row of result.rows.filter((r) => r.status === status)) {
      lines.push(rowLine(row, showTarget))
      if (row.reason) lines.push(`            Reason: ${row.reason}`)
      if (row.status === 'listed' && row.delisting) lines.push(`            Removal: ${row.delisting}`)
    }
  }
  return lines
}
