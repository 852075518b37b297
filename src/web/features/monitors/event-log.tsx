// A monitor's state changes, newest first: when, from what to what, why, which alerts went out, and
// the permalink of the check that confirmed the change. A table from tablet width up, a list on phones.
import { format } from 'date-fns'
import type { MonitorEvent } from '../../../shared/monitors.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { StateBadge } from './state-badge.tsx'

const WEBHOOK_WORDS: Record<MonitorEvent['alert']['webhook'], string | null> = {
  delivered: 'webhook delivered',
  failed: 'webhook failed',
  pending: 'webhook being delivered',
  none: null,
}

export function alertText(alert: MonitorEvent['alert']): string {
  const parts = [alert.email ? 'e-mail sent' : null, WEBHOOK_WORDS[alert.webhook]].filter(Boolean)
  if (parts.length === 0) return 'none'
  const text = parts.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const When = ({ event }: { event: MonitorEvent }) => (
  <time dateTime={event.time}>{format(new Date(event.time), 'MMM d, yyyy HH:mm')}</time>
)

function Change({ event }: { event: MonitorEvent }) {
  return (
    <span className="relative inline-flex items-center gap-1">
      <StateBadge state={event.from} />
      <span aria-hidden="true">→</span>
      <span className="sr-only">to</span>
      <StateBadge state={event.to} />
    </span>
  )
}

function ResultLink({ event }: { event: MonitorEvent }) {
  if (!event.resultUrl) return <span className="text-muted-foreground">not stored</span>
  return (
    <a href={event.resultUrl} className="focus-ring relative rounded underline underline-offset-2">
      Open result
      <span className="sr-only"> of {format(new Date(event.time), 'MMM d, HH:mm')}</span>
    </a>
  )
}

const columns: Column<MonitorEvent>[] = [
  { header: 'When', rowHeader: true, className: 'py-2 whitespace-nowrap', cell: (e) => <When event={e} /> },
  { header: 'Change', className: 'py-2 whitespace-nowrap', cell: (e) => <Change event={e} /> },
  { header: 'What was found', className: 'py-2 min-w-56', cell: (e) => e.summary },
  { header: 'Alerts', className: 'py-2 min-w-32', cell: (e) => alertText(e.alert) },
  { header: 'Result', className: 'py-2 whitespace-nowrap', cell: (e) => <ResultLink event={e} /> },
]

export function EventLog({ events }: { events: readonly MonitorEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No state changes yet.</p>
  return (
    <>
      <ul aria-label="State changes" className="divide-y divide-border text-sm md:hidden">
        {events.map((event) => (
          <li key={event.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
            <p className="font-medium">
              <When event={event} />
            </p>
            <Change event={event} />
            <p>{event.summary}</p>
            <p className="text-muted-foreground">Alerts: {alertText(event.alert).toLowerCase()}</p>
            <ResultLink event={event} />
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable
          tone="card"
          caption="State changes"
          captionHidden
          columns={columns}
          rows={events}
          rowKey={(e) => e.id}
          className="text-sm"
        />
      </div>
    </>
  )
}
