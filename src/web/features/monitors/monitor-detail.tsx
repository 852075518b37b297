// /monitors/:id: one monitor — its state and last finding, its record (uptime or time in Problem, state
// changes), thresholds and alerts, the chart of its measured value, its state changes, and
// Pause/Resume, Edit, a new webhook secret and Delete.
import { format } from 'date-fns'
import { ArrowLeft, KeyRound, Pause, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { MonitorItem } from '../../../shared/monitors.ts'
import { Button, buttonClass } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { Dialog, DialogClose, DialogContent } from '../../components/dialog.tsx'
import { monitorPath } from '../../lib/routes.ts'
import { ChecksChart } from './checks-chart.tsx'
import { EventLog } from './event-log.tsx'
import { MonitorForm } from './monitor-form.tsx'
import { monitorChanges, type ReadMonitor, valuesOfMonitor } from './monitor-form-values.ts'
import { lastCheckText } from './monitor-list.tsx'
import { formatInterval, KIND_NAMES } from './monitor-text.ts'
import { confirmationsText, recordFacts } from './record-text.ts'
import { describeSettings } from './settings-text.ts'
import { StateBadge } from './state-badge.tsx'
import {
  messageOf,
  useDeleteMonitor,
  useEvents,
  useFollowChecks,
  useMonitor,
  useMonitorList,
  usePauseMonitor,
  useResetBaseline,
  useRotateSecret,
  useUpdateMonitor,
} from './use-monitors.ts'
import { WebhookSecret } from './webhook-secret.tsx'

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={id} className="space-y-4">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  )
}

function Facts({ monitor }: { monitor: MonitorItem }) {
  const rows: [string, ReactNode][] = [
    ['Watches', `${KIND_NAMES[monitor.kind]} of ${monitor.target}`],
    [
      'Checks',
      monitor.paused
        ? `paused (${formatInterval(monitor.intervalMinutes)} when resumed)`
        : formatInterval(monitor.intervalMinutes),
    ],
    ['Last check', lastCheckText(monitor)],
    [
      'Next check',
      monitor.nextCheckAt && !monitor.paused ? format(new Date(monitor.nextCheckAt), 'MMM d, HH:mm') : '—',
    ],
    ...recordFacts(monitor, Date.now()),
    ['Problem when', describeSettings(monitor)],
    ['Confirmations', confirmationsText(monitor.confirmations)],
    [
      'Alerts',
      [monitor.alertEmail ? 'e-mail' : null, monitor.webhookUrl ? `webhook to ${monitor.webhookUrl}` : null]
        .filter(Boolean)
        .join(' and ') || 'none',
    ],
  ]
  if (monitor.baseline)
    rows.push(['Recorded answer', monitor.baseline.length > 0 ? monitor.baseline.join(', ') : 'no records'])
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function DeleteButton({ monitor }: { monitor: MonitorItem }) {
  const navigate = useNavigate()
  const remove = useDeleteMonitor()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <DialogContent
        title={`Delete “${monitor.name}”?`}
        description="Its checks, state changes and webhook secret are deleted with it, and no more alerts go out. This cannot be undone."
      >
        <DialogClose className={buttonClass({ variant: 'outline' })}>Cancel</DialogClose>
        <Button
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          onClick={() =>
            remove.mutate(
              { id: monitor.id, name: monitor.name },
              { onSuccess: () => navigate(monitorPath(), { replace: true }) },
            )
          }
        >
          Delete monitor
        </Button>
      </DialogContent>
    </Dialog>
  )
}

function NewSecretButton({ monitor, onSecret }: { monitor: MonitorItem; onSecret(secret: string): void }) {
  const rotate = useRotateSecret(monitor.id)
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" />
        New webhook secret
      </Button>
      <DialogContent
        title="Make a new webhook secret?"
        description="Webhooks are signed with the new secret from now on; signatures made with the old one stop matching."
      >
        <DialogClose className={buttonClass({ variant: 'outline' })}>Cancel</DialogClose>
        <Button
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: (secret) => {
                setOpen(false)
                onSecret(secret)
              },
            })
          }
        >
          Make new secret
        </Button>
      </DialogContent>
    </Dialog>
  )
}

function Details({ monitor }: { monitor: MonitorItem }) {
  const list = useMonitorList()
  const events = useEvents(monitor.id)
  useFollowChecks(monitor)
  const pause = usePauseMonitor()
  const update = useUpdateMonitor(monitor.id)
  const rebase = useResetBaseline()
  const [editing, setEditing] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)

  function save(read: ReadMonitor) {
    update.mutate(monitorChanges(read), {
      onSuccess: (saved) => {
        setEditing(false)
        toast.success(`Saved “${saved.name}”`)
        editButton.current?.focus()
      },
    })
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to={monitorPath()} className={buttonClass({ variant: 'ghost', size: 'sm', className: '-ml-2' })}>
        <ArrowLeft aria-hidden="true" />
        All monitors
      </Link>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-all">{monitor.name}</h1>
          <StateBadge state={monitor.state} />
        </div>
        {monitor.disabled && <p className="text-sm">Monitoring is switched off for this account by the operator.</p>}
        {monitor.summary && <p className="text-sm text-muted-foreground">Last check: {monitor.summary}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={pause.isPending}
          onClick={() => pause.mutate({ id: monitor.id, paused: !monitor.paused })}
        >
          {monitor.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {monitor.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          ref={editButton}
          variant="outline"
          aria-expanded={editing}
          onClick={() => {
            setEditing((e) => !e)
            update.reset()
          }}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        {monitor.kind === 'dns' && (
          <Button variant="outline" disabled={rebase.isPending} onClick={() => rebase.mutate(monitor.id)}>
            <RefreshCw aria-hidden="true" />
            Record the next answer
          </Button>
        )}
        {monitor.webhookUrl && <NewSecretButton monitor={monitor} onSecret={setSecret} />}
        <DeleteButton monitor={monitor} />
      </div>
      {secret && <WebhookSecret secret={secret} monitorName={monitor.name} />}
      {editing && list.data && (
        <Section title="Edit monitor">
          <MonitorForm
            mode="edit"
            initial={valuesOfMonitor(monitor)}
            minIntervalMinutes={list.data.limits.minIntervalMinutes}
            submitLabel="Save changes"
            busy={update.isPending}
            serverError={update.isError ? messageOf(update.error, 'Could not save the monitor') : null}
            onSubmit={save}
            onCancel={() => setEditing(false)}
          />
        </Section>
      )}
      <Section title="Overview">
        <Facts monitor={monitor} />
      </Section>
      <Section title="Measured value">
        <ChecksChart monitorId={monitor.id} kind={monitor.kind} />
      </Section>
      <Section title="State changes">
        {events.isPending && <p className="text-sm text-muted-foreground">Loading state changes...</p>}
        {events.isError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {messageOf(events.error, 'Could not load the state changes')}
          </p>
        )}
        {events.data && <EventLog events={events.data} />}
      </Section>
    </div>
  )
}

export function MonitorDetail({ id }: { id: string }) {
  const monitor = useMonitor(id)
  if (monitor.isPending) return <p className="py-24 text-center text-muted-foreground">Loading...</p>
  if (monitor.isError)
    return (
      <div className="py-24 text-center">
        <p role="alert" className="font-medium">
          {messageOf(monitor.error, 'Could not load this monitor')}
        </p>
        <Link to={monitorPath()} className={buttonClass({ variant: 'outline', className: 'mt-6' })}>
          <ArrowLeft aria-hidden="true" />
          All monitors
        </Link>
      </div>
    )
  return <Details monitor={monitor.data} />
}
