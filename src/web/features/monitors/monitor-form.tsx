// The one form of a monitor: new (any kind), edit (the kind stays) and watch (kind and target come from
// a tool's result). Every field is checked with the shared rules before anything is sent; the first
// field that needs a change gets the focus, and a summary names them all.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { MONITOR_KINDS, MONITOR_MAX_INTERVAL_MINUTES, type MonitorKind } from '../../../shared/monitors.ts'
import { Button } from '../../components/button.tsx'
import { Checkbox } from '../../components/checkbox.tsx'
import { Input, Select } from '../../components/input.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { describedBy, FormField } from './form-field.tsx'
import { type FieldName, type FormValues, type ReadMonitor, readForm } from './monitor-form-values.ts'
import { KIND_HINTS, KIND_NAMES, TARGET_LABELS, TARGET_PLACEHOLDERS } from './monitor-text.ts'
import { SettingsFields } from './settings-fields.tsx'

export interface MonitorFormProps {
  mode: 'new' | 'edit' | 'watch'
  initial: FormValues
  minIntervalMinutes: number
  submitLabel: string
  busy: boolean
  /** The server's refusal of the last submit. */
  serverError?: string | null
  onSubmit(value: ReadMonitor): void
  onCancel?(): void
}

const FIELD_LABELS: Record<FieldName, string> = {
  kind: 'Kind',
  name: 'Name',
  target: 'Target',
  intervalMinutes: 'Interval',
  confirmations: 'Confirmations',
  alertEmail: 'E-mail alerts',
  webhookUrl: 'Webhook URL',
  expiryDays: 'Warn before expiry',
  minGrade: 'Lowest accepted grade',
  dnsType: 'Record type',
  maxLatencyMs: 'Latency threshold',
  maxLossPercent: 'Loss threshold',
  maxAvgLatencyMs: 'Latency threshold',
}

export function MonitorForm(props: MonitorFormProps) {
  const { mode, initial, minIntervalMinutes, submitLabel, busy, serverError, onSubmit, onCancel } = props
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<FormValues>(initial)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [checks, setChecks] = useState(0)
  const set = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }))

  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const check = readForm(values, { minIntervalMinutes, targetFixed: mode === 'watch' })
    setChecks((n) => n + 1)
    if (!check.ok) {
      setErrors(check.errors)
      return
    }
    setErrors({})
    onSubmit(check.value)
  }

  const labelOf = (field: FieldName) => (field === 'target' ? TARGET_LABELS[values.kind] : FIELD_LABELS[field])
  const invalid = (Object.keys(errors) as FieldName[]).map(labelOf)
  const intervalHint = `Minutes between checks: ${minIntervalMinutes} to ${MONITOR_MAX_INTERVAL_MINUTES} (a day).`
  const confirmationsHint = 'Results in a row needed before the state changes, so one odd result does not alert.'
  const webhookHint = 'Optional. Each change of state is POSTed there as signed JSON.'
  const field = (name: FieldName) => `${id}-${name}`

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      {invalid.length > 0 && (
        <p role="alert" className="text-sm font-medium text-danger">
          {invalid.length === 1 ? '1 field needs' : `${invalid.length} fields need`} a change:{' '}
          {[...new Set(invalid)].join(', ')}.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {mode === 'new' && (
          <FormField id={field('kind')} label="What to watch" hint={KIND_HINTS[values.kind]}>
            <Select
              id={field('kind')}
              value={values.kind}
              onChange={(event) => set({ kind: event.target.value as MonitorKind })}
              {...describedBy(field('kind'), KIND_HINTS[values.kind], undefined)}
            >
              {MONITOR_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        {mode === 'watch' ? (
          <div className="text-sm sm:col-span-2">
            <p className="text-muted-foreground">Watching</p>
            <p className="font-medium break-all">
              {KIND_NAMES[values.kind]} of <code className="font-mono">{values.target}</code>
            </p>
          </div>
        ) : (
          <FormField id={field('target')} label={TARGET_LABELS[values.kind]} error={errors.target}>
            <Input
              id={field('target')}
              value={values.target}
              onChange={(event) => set({ target: event.target.value })}
              placeholder={TARGET_PLACEHOLDERS[values.kind]}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              {...describedBy(field('target'), undefined, errors.target)}
            />
          </FormField>
        )}
        <FormField id={field('name')} label="Name" error={errors.name}>
          <Input
            id={field('name')}
            value={values.name}
            onChange={(event) => set({ name: event.target.value })}
            maxLength={100}
            autoComplete="off"
            {...describedBy(field('name'), undefined, errors.name)}
          />
        </FormField>
        <SettingsFields
          id={id}
          values={values}
          errors={errors}
          onChange={(patch) => set({ settings: { ...values.settings, ...patch } })}
        />
        <FormField
          id={field('intervalMinutes')}
          label="Check every (minutes)"
          hint={intervalHint}
          error={errors.intervalMinutes}
        >
          <Input
            id={field('intervalMinutes')}
            inputMode="numeric"
            value={values.intervalMinutes}
            onChange={(event) => set({ intervalMinutes: event.target.value })}
            autoComplete="off"
            {...describedBy(field('intervalMinutes'), intervalHint, errors.intervalMinutes)}
          />
        </FormField>
        {mode !== 'watch' && (
          <FormField
            id={field('confirmations')}
            label="Confirmations"
            hint={confirmationsHint}
            error={errors.confirmations}
          >
            <Input
              id={field('confirmations')}
              inputMode="numeric"
              value={values.confirmations}
              onChange={(event) => set({ confirmations: event.target.value })}
              autoComplete="off"
              {...describedBy(field('confirmations'), confirmationsHint, errors.confirmations)}
            />
          </FormField>
        )}
        <FormField id={field('webhookUrl')} label="Webhook URL" hint={webhookHint} error={errors.webhookUrl}>
          <Input
            id={field('webhookUrl')}
            type="url"
            value={values.webhookUrl}
            onChange={(event) => set({ webhookUrl: event.target.value })}
            placeholder="https://hooks.example.com/nettoolbox"
            autoComplete="off"
            spellCheck={false}
            {...describedBy(field('webhookUrl'), webhookHint, errors.webhookUrl)}
          />
        </FormField>
        <div className="flex items-center sm:col-span-2">
          <Checkbox
            id={field('alertEmail')}
            label="E-mail me when the state changes"
            checked={values.alertEmail}
            onChange={(event) => set({ alertEmail: event.target.checked })}
          />
        </div>
      </div>
      {serverError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {serverError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner className="text-current" />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
