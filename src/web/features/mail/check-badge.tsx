import type { CheckStatus } from '../../../shared/tools/mail/schema.ts'

const STYLES: Record<CheckStatus, string> = {
  pass: 'bg-emerald-900/60 text-emerald-200',
  warn: 'bg-amber-900/60 text-amber-200',
  fail: 'bg-red-900/60 text-red-200',
  info: 'bg-zinc-800 text-zinc-300',
  skipped: 'border border-dashed border-zinc-500 text-zinc-300',
}

const LABELS: Record<CheckStatus, string> = {
  pass: 'Pass',
  warn: 'Warn',
  fail: 'Fail',
  info: 'Info',
  skipped: 'Not checked',
}

export function CheckBadge({ status, count }: { status: CheckStatus; count?: number }) {
  return (
    <span
      className={`inline-block min-w-12 rounded-md px-2 py-0.5 text-center font-sans text-xs font-semibold ${STYLES[status]}`}
    >
      {count === undefined ? LABELS[status] : `${count} ${LABELS[status]}`}
    </span>
  )
}
