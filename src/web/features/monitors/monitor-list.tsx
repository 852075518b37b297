// The account's monitors in one table: what each watches, its state in words, the last check, uptime
// over 24 hours, 7 and 30 days, and Pause/Resume.
import { format } from 'date-fns'
import { Pause, Play } from 'lucide-react'
import { Link } from 'react-router'
import type { MonitorItem } from '../../../shared/monitors.ts'
import { Button } from '../../components/button.tsx'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { monitorPath } from '../../lib/routes.ts'
import { formatUptime, KIND_NAMES } from './monitor-text.ts'
import { StateBadge } from './state-badge.tsx'
import { usePauseMonitor } from './use-monitors.ts'

export function lastCheckText(monitor: Pick<MonitorItem, 'lastCheckAt' | 'paused' | 'disabled'>): string {
  if (monitor.lastCheckAt) return format(new Date(monitor.lastCheckAt), 'MMM d, HH:mm')
  return monitor.paused || monitor.disabled ? 'never' : 'not yet'
}

export function MonitorList({ monitors }: { monitors: readonly MonitorItem[] }) {
  const pause = usePauseMonitor()
  const columns: Column<MonitorItem>[] = [
    {
      header: 'Monitor',
      rowHeader: true,
      className: 'min-w-48',
      cell: (m) => (
        <div className="py-1">
          <Link to={monitorPath(m.id)} className="focus-ring rounded font-medium underline-offset-2 hover:underline">
            {m.name}
          </Link>
          <p className="text-xs text-muted-foreground break-all">
            {KIND_NAMES[m.kind]} · {m.target}
          </p>
        </div>
      ),
    },
    {
      header: 'State',
      className: 'min-w-40',
      cell: (m) => (
        <div className="space-y-1 py-1">
          <StateBadge state={m.state} />
          {m.disabled && <p className="text-xs text-muted-foreground">Switched off by the operator</p>}
          {!m.disabled && m.summary && <p className="text-xs text-muted-foreground">{m.summary}</p>}
        </div>
      ),
    },
    { header: 'Last check', className: 'py-2 whitespace-nowrap', cell: (m) => lastCheckText(m) },
    {
      header: 'Uptime 24 h',
      className: 'py-2 whitespace-nowrap tabular-nums',
      cell: (m) => formatUptime(m.uptime.h24),
    },
    { header: 'Uptime 7 d', className: 'py-2 whitespace-nowrap tabular-nums', cell: (m) => formatUptime(m.uptime.d7) },
    {
      header: 'Uptime 30 d',
      className: 'py-2 whitespace-nowrap tabular-nums',
      cell: (m) => formatUptime(m.uptime.d30),
    },
    {
      header: 'Actions',
      className: 'py-1',
      cell: (m) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={pause.isPending}
          onClick={() => pause.mutate({ id: m.id, paused: !m.paused })}
          aria-label={`${m.paused ? 'Resume' : 'Pause'} ${m.name}`}
        >
          {m.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {m.paused ? 'Resume' : 'Pause'}
        </Button>
      ),
    },
  ]
  return (
    <DataTable
      tone="card"
      caption="Your monitors"
      captionHidden
      columns={columns}
      rows={monitors}
      rowKey={(m) => m.id}
      className="text-sm"
    />
  )
}
