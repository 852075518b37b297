// A monitor's state changes, newest first: when, from what to what, why, which alerts went out, and
// the permalink of the check that confirmed the change.
import { format } from 'date-fns'
import type { MonitorEvent } from '../../../shared/monitors.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { StateBadge } from './state-badge.tsx'

const WEBHOOK_WORDS: Record<MonitorEvent['alert']['webhook'], string | null> = {
  delivered: 'webhook delivered',
  failed: 'webhook failed',
  none: null,
}

export function alertText(alert: MonitorEvent['alert']): string {
  const parts = [alert.email ? 'e-mail sent' : null, WEBHOOK_WORDS[alert.webhook]].filter(Boolean)
  if (parts.length === 0) return 'none'
  const text = parts.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const columns: Column<MonitorEvent>[] = [
  {
    header: 'When',
    rowHeader: true,
    className: 'py-2 whitespace-nowrap',
    cell: (e) => <time dateTime={e.time}>{format(new Date(e.time), 'MMM d, yyyy HH:mm')}</time>,
  },
  {
    header: 'Change',
    className: 'py-2 whitespace-nowrap',
    cell: (e) => (
      <span className="inline-flex items-center gap-1">
        <StateBadge state={e.from} />
        <span aria-hidden="true">→</span>
        <span className="sr-only">to</span>
        <StateBadge state={e.to} />
      </span>
    ),
  },
  { header: 'What was found', className: 'py-2 min-w-56', cell: (e) => e.summary },
  { header: 'Alerts', className: 'py-2 min-w-32', cell: (e) => alertText(e.alert) },
  {
    header: 'Result',
    className: 'py-2 whitespace-nowrap',
    cell: (e) =>
      e.resultUrl ? (
        <a href={e.resultUrl} className="focus-ring rounded underline underline-offset-2">
          Open result
          <span className="sr-only"> of {format(new Date(e.time), 'MMM d, HH:mm')}</span>
        </a>
      ) : (
        <span className="text-muted-foreground">not stored</span>
      ),
  },
]

export function EventLog({ events }: { events: readonly MonitorEvent[] }) {
  return (
    <DataTable
      tone="card"
      caption="State changes"
      captionHidden
      columns={columns}
      rows={events}
      rowKey={(e) => e.id}
      className="text-sm"
      empty="No state changes yet."
    />
  )
}
