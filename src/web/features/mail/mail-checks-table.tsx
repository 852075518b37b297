import type { MailCheck } from '../../../shared/tools/mail/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { CheckBadge } from './check-badge.tsx'

const columns: Column<MailCheck>[] = [
  { header: 'Result', cell: (check) => <CheckBadge status={check.status} /> },
  { header: 'Check', cell: (check) => check.title, rowHeader: true, className: 'whitespace-nowrap text-zinc-200' },
  { header: 'Details', cell: (check) => check.reason, className: 'break-words text-zinc-300' },
]

/** One row per check: verdict badge, what was checked, and why. */
export function MailChecksTable({ checks, caption }: { checks: MailCheck[]; caption: string }) {
  if (checks.length === 0) return null
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns}
      rows={checks}
      rowKey={(check) => `${check.host ?? ''}-${check.id}`}
    />
  )
}
