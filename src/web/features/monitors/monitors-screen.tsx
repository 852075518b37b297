// /monitors: the account's monitors and the "New monitor" form for every kind. A new monitor's webhook
// secret is shown here once.
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { type CreatedMonitor, monitorMessages } from '../../../shared/monitors.ts'
import { Button } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { monitorPath } from '../../lib/routes.ts'
import { MonitorForm } from './monitor-form.tsx'
import { defaultValues, newMonitorRequest, type ReadMonitor } from './monitor-form-values.ts'
import { MonitorList } from './monitor-list.tsx'
import { messageOf, useCreateMonitor, useMonitorList } from './use-monitors.ts'
import { WebhookSecret } from './webhook-secret.tsx'

function Created({ monitor }: { monitor: CreatedMonitor }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        <span className="font-medium">Monitor “{monitor.name}” created.</span>{' '}
        <Link to={monitorPath(monitor.id)} className="underline">
          Open it
        </Link>{' '}
        to follow its checks.
      </p>
      {monitor.webhookUrl && <WebhookSecret secret={monitor.webhookSecret} monitorName={monitor.name} />}
    </div>
  )
}

export function MonitorsScreen() {
  const id = useId()
  const list = useMonitorList()
  const create = useCreateMonitor()
  const [formOpen, setFormOpen] = useState(false)
  const [created, setCreated] = useState<CreatedMonitor | null>(null)

  function submit(read: ReadMonitor) {
    create.mutate(newMonitorRequest(read), {
      onSuccess: (monitor) => {
        setCreated(monitor)
        setFormOpen(false)
      },
    })
  }

  const count = list.data?.items.length ?? 0
  const max = list.data?.limits.maxMonitors
  const full = max !== undefined && count >= max
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Monitors</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Checks that run on a schedule from this server and alert you by e-mail or webhook when their state changes.{' '}
            {max !== undefined && `${count} of ${max} ${max === 1 ? 'monitor' : 'monitors'}.`}
          </p>
        </div>
        <Button
          onClick={() => {
            setFormOpen((open) => !open)
            create.reset()
          }}
          aria-expanded={formOpen}
          aria-controls={`${id}-new`}
          disabled={!list.data || full}
        >
          <Plus aria-hidden="true" />
          New monitor
        </Button>
      </div>
      {full && <p className="text-sm">{monitorMessages.tooMany(max)}.</p>}
      {formOpen && list.data && (
        <Card id={`${id}-new`} className="p-5 sm:p-6">
          <section aria-labelledby={`${id}-new-heading`}>
            <h2 id={`${id}-new-heading`} className="mb-4 text-lg font-semibold">
              New monitor
            </h2>
            <MonitorForm
              mode="new"
              initial={defaultValues()}
              minIntervalMinutes={list.data.limits.minIntervalMinutes}
              submitLabel="Create monitor"
              busy={create.isPending}
              serverError={create.isError ? messageOf(create.error, 'Could not create the monitor') : null}
              onSubmit={submit}
              onCancel={() => setFormOpen(false)}
            />
          </section>
        </Card>
      )}
      {created && <Created monitor={created} />}
      {list.isPending && <p className="text-muted-foreground">Loading your monitors...</p>}
      {list.isError && (
        <p role="alert" className="font-medium text-danger">
          {messageOf(list.error, 'Could not load your monitors')}
        </p>
      )}
      {list.data?.items.some((m) => m.disabled) && (
        <p className="rounded-lg border border-border bg-muted p-3 text-sm">{monitorMessages.disabled}.</p>
      )}
      {list.data && list.data.items.length === 0 && !formOpen && (
        <p className="text-muted-foreground">
          No monitors yet. Create one here, or press “Watch this” under a result of the SSL, block-list, DNS, website,
          mail or ping tool.
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <Card className="p-3 sm:p-4">
          <MonitorList monitors={list.data.items} />
        </Card>
      )}
    </div>
  )
}
