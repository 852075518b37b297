// The account's monitors: what each watches, its state in words, the last check, its record over the
// windows it has lived through (uptime, or time in Problem), and Pause/Resume. A table from tablet
// width up; on phones one card per monitor, so nothing hides in a sideways-scrolling table.
import { format } from 'date-fns'
import { Pause, Play } from 'lucide-react'
import { Link } from 'react-router'
import type { MonitorItem } from '../../../shared/monitors.ts'
import { Button } from '../../components/button.tsx'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { monitorPath } from '../../lib/routes.ts'
import { KIND_NAMES } from './monitor-text.ts'
import { windowLine } from './record-text.ts'
import { StateBadge } from './state-badge.tsx'
import { usePauseMonitor } from './use-monitors.ts'

export function lastCheckText(monitor: Pick<MonitorItem, 'lastCheckAt' | 'paused' | 'disabled'>): string {
  if (monitor.lastCheckAt) return format(new Date(monitor.lastCheckAt), 'MMM d, HH:mm')
  return monitor.paused || monitor.disabled ? 'never' : 'not yet'
}

/** One line per window: "24 h: 99.95 % uptime, 1 state change", "Since created 6 min ago: no time in Problem, …". */
function Record({ monitor }: { monitor: MonitorItem }) {
  const now = Date.now()
  if (monitor.windows.length === 0) return <>no data</>
  return (
    <ul className="space-y-0.5">
      {monitor.windows.map((window) => (
        <li key={window.span}>{windowLine(monitor.kind, window, now)}</li>
      ))}
    </ul>
  )
}

function PauseButton({ monitor }: { monitor: MonitorItem }) {
  const pause = usePauseMonitor()
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pause.isPending}
      onClick={() => pause.mutate({ id: monitor.id, paused: !monitor.paused })}
      aria-label={`${monitor.paused ? 'Resume' : 'Pause'} ${monitor.name}`}
    >
      {monitor.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
      {monitor.paused ? 'Resume' : 'Pause'}
    </Button>
  )
}

function Name({ monitor }: { monitor: MonitorItem }) {
  return (
    <>
      <Link to={monitorPath(monitor.id)} className="focus-ring rounded font-medium underline-offset-2 hover:underline">
        {monitor.name}
      </Link>
      <p className="text-xs break-words text-muted-foreground">
        {KIND_NAMES[monitor.kind]} · {monitor.target}
      </p>
    </>
  )
}

function State({ monitor }: { monitor: MonitorItem }) {
  return (
    <div className="space-y-1">
      <StateBadge state={monitor.state} />
      {monitor.disabled && <p className="text-xs text-muted-foreground">Switched off by the operator</p>}
      {!monitor.disabled && monitor.summary && <p className="text-xs text-muted-foreground">{monitor.summary}</p>}
    </div>
  )
}

const columns: Column<MonitorItem>[] = [
  { header: 'Monitor', rowHeader: true, className: 'min-w-48 py-2', cell: (m) => <Name monitor={m} /> },
  { header: 'State', className: 'min-w-40 py-2', cell: (m) => <State monitor={m} /> },
  { header: 'Last check', className: 'py-2 whitespace-nowrap', cell: (m) => lastCheckText(m) },
  { header: 'Record', className: 'min-w-56 py-2 tabular-nums', cell: (m) => <Record monitor={m} /> },
  { header: 'Actions', className: 'py-1', cell: (m) => <PauseButton monitor={m} /> },
]

function MonitorCard({ monitor }: { monitor: MonitorItem }) {
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Name monitor={monitor} />
        </div>
        <PauseButton monitor={monitor} />
      </div>
      <State monitor={monitor} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Last check</dt>
        <dd>{lastCheckText(monitor)}</dd>
        <dt className="text-muted-foreground">Record</dt>
        <dd className="tabular-nums">
          <Record monitor={monitor} />
        </dd>
      </dl>
    </li>
  )
}

export function MonitorList({ monitors }: { monitors: readonly MonitorItem[] }) {
  return (
    <>
      <ul aria-label="Your monitors" className="divide-y divide-border md:hidden">
        {monitors.map((monitor) => (
          <MonitorCard key={monitor.id} monitor={monitor} />
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable
          tone="card"
          caption="Your monitors"
          captionHidden
          columns={columns}
          rows={monitors}
          rowKey={(m) => m.id}
          className="text-sm"
        />
      </div>
    </>
  )
}
