// "Watch this" for a signed-in account: the small form prefilled from the result, which creates the
// monitor from the run (its kind and target come from the stored run) and then sets the thresholds
// chosen here when they differ from what the server took.
import { useState } from 'react'
import { Link } from 'react-router'
import type { CreatedMonitor, MonitorKind } from '../../../shared/monitors.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { buttonClass } from '../../components/button.tsx'
import { monitorPath } from '../../lib/routes.ts'
import { MonitorForm } from './monitor-form.tsx'
import { type ReadMonitor, valuesOfAnswer } from './monitor-form-values.ts'
import { createMonitor, updateMonitor } from './monitors-api.ts'
import { messageOf, useMonitorList } from './use-monitors.ts'
import { WebhookSecret } from './webhook-secret.tsx'

export interface WatchFormProps {
  answer: ToolAnswer & { runId: string }
  kind: MonitorKind
  onCancel(): void
}

const sameSettings = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

interface Watched {
  monitor: CreatedMonitor
  /** Why the thresholds chosen here could not be set (the monitor then keeps the server's). */
  thresholdsError?: string
}

async function watch(runId: string, read: ReadMonitor): Promise<Watched> {
  const created = await createMonitor({
    fromRunId: runId,
    name: read.name,
    intervalMinutes: read.intervalMinutes,
    alertEmail: read.alertEmail,
    webhookUrl: read.webhookUrl,
  })
  if (sameSettings(created.settings, read.settings)) return { monitor: created }
  try {
    const updated = await updateMonitor(created.id, { settings: read.settings })
    return { monitor: { ...updated, webhookSecret: created.webhookSecret } }
  } catch (failure) {
    return { monitor: created, thresholdsError: messageOf(failure, 'the server did not answer') }
  }
}

export default function WatchForm({ answer, kind, onCancel }: WatchFormProps) {
  const list = useMonitorList()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [watched, setWatched] = useState<Watched | null>(null)

  async function submit(read: ReadMonitor) {
    setBusy(true)
    setError(null)
    try {
      setWatched(await watch(answer.runId, read))
      void list.refetch()
    } catch (failure) {
      setError(messageOf(failure, 'Could not create the monitor'))
    } finally {
      setBusy(false)
    }
  }

  if (watched) {
    const created = watched.monitor
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm">
          <span className="font-medium">Monitor “{created.name}” created.</span> The first check runs within{' '}
          {created.intervalMinutes === 1 ? 'a minute' : `${created.intervalMinutes} minutes`}.
        </p>
        {watched.thresholdsError && (
          <p role="alert" className="text-sm font-medium text-danger">
            Its thresholds could not be set ({watched.thresholdsError}): it uses the defaults until you edit it.
          </p>
        )}
        {created.webhookUrl && <WebhookSecret secret={created.webhookSecret} monitorName={created.name} />}
        <Link to={monitorPath(created.id)} className={buttonClass({ variant: 'outline', size: 'sm' })}>
          Open the monitor
        </Link>
      </div>
    )
  }
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading your monitors...</p>
  if (list.isError)
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {messageOf(list.error, 'Could not load your monitors')}
      </p>
    )
  const { items, limits } = list.data
  if (items.length >= limits.maxMonitors)
    return (
      <p role="alert" className="text-sm">
        You have {items.length} of {limits.maxMonitors} monitors, the most an account can have.{' '}
        <Link to={monitorPath()} className="font-medium underline">
          Delete one on the monitors page
        </Link>{' '}
        to watch this.
      </p>
    )
  return (
    <MonitorForm
      mode="watch"
      initial={valuesOfAnswer(answer, kind)}
      minIntervalMinutes={limits.minIntervalMinutes}
      submitLabel="Create monitor"
      busy={busy}
      serverError={error}
      onSubmit={submit}
      onCancel={onCancel}
    />
  )
}
