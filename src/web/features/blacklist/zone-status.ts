// How each list verdict is named and coloured, and the order results are shown in.
import type { BlacklistRow, ZoneStatus } from '../../../shared/tools/blacklist/schema.ts'

export const STATUS_LABELS: Record<ZoneStatus, { text: string; className: string }> = {
  listed: { text: 'Listed', className: 'bg-red-500/15 text-red-300 ring-1 ring-red-500/40' },
  unverified: { text: 'Unverified', className: 'bg-amber-500/15 text-amber-200 ring-1 ring-amber-500/40' },
  allowed: { text: 'Allow-listed', className: 'bg-sky-500/15 text-sky-200 ring-1 ring-sky-500/40' },
  clean: { text: 'Clean', className: 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-500/40' },
}

const ORDER: ZoneStatus[] = ['listed', 'unverified', 'allowed', 'clean']

/** Listed first, then unverified, allow-listed and clean; list order kept within each. */
export function sortRows(rows: readonly BlacklistRow[]): BlacklistRow[] {
  return ORDER.flatMap((status) => rows.filter((row) => row.status === status))
}
