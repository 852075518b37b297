// A tool's panel: its input, extra fields and run button, the product's toasts, and the output area;
// a tool with a live view runs as an event stream and draws its progress as it arrives.
// On the tool's own page every run is a browser history entry whose query string holds the input and
// the options (run-entries.ts; the rule is written down in docs/product.md, "Links to a run").
// Where the page offers runs from other places (remote-runs.ts), the panel also shows their choice,
// hands such a run over and shows its view in place of the output box.
import { Play } from 'lucide-react'
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { requiredText } from '../../shared/validation.ts'
import { Button } from '../components/button.tsx'
import { ClearResultsButton } from '../components/clear-results-button.tsx'
import { EntryFrame } from '../components/entry-frame.tsx'
import { Field } from '../components/field.tsx'
import { Input, TextArea } from '../components/input.tsx'
import { Spinner } from '../components/spinner.tsx'
import type { ToolPanelProps } from '../lib/tool-parts.tsx'
import { FieldMessage, fieldMessageProps } from './field-message.tsx'
import { useRemoteRuns } from './remote-runs.ts'
import {
  isReloadedEntry,
  keepOutcome,
  keptOutcome,
  newRunId,
  type RunOutcome,
  readLinkedRun,
  runIdOf,
  runSearch,
} from './run-entries.ts'
import { checkToolInput, type InputCheck, runNote, toOutputState } from './tool-outcome.ts'
import { ToolOutput } from './tool-output.tsx'
import { useToolRun } from './use-tool-run.ts'

export type OptionsCheck = { ok: true; value: unknown } | { ok: false; message: string }

/** The option controls' state, which the tool's `query` mapping reads from and writes to the address. */
export interface ControlsState {
  value: unknown
  set(value: unknown): void
}

export interface ToolPanelExtras {
  /** Extra form controls shown under the main input. */
  fields?: ReactNode
  /** Reads and checks the extra controls into the request's options. */
  readOptions?: () => OptionsCheck
  controls?: ControlsState
}

export function ToolPanel({
  entry,
  variant,
  icon,
  tool,
  fields,
  readOptions,
  controls,
}: ToolPanelProps & ToolPanelExtras) {
  const inputId = useId()
  const fieldsetRef = useRef<HTMLFieldSetElement>(null)
  // Drawn disabled (a page served with this form already drawn must not take input before the
  // script has taken it over) and enabled once mounted, without rendering the panel again.
  useEffect(() => {
    if (fieldsetRef.current) fieldsetRef.current.disabled = false
  }, [])
  const { live } = tool
  const rule = tool.input ?? { schema: requiredText }
  const onPage = variant === 'page'
  const location = useLocation()
  const navigate = useNavigate()
  const [value, setValue] = useState(() =>
    onPage ? (readLinkedRun(new URLSearchParams(location.search)).input ?? '') : '',
  )
  const [localError, setLocalError] = useState<string | null>(null)
  /** The input's own error, drawn beside the field (options and other refusals go to the output box). */
  const [fieldError, setFieldError] = useState<string | null>(null)
  // A kept outcome shown again by back/forward, in place of the run's own state.
  const [restored, setRestored] = useState<RunOutcome | null>(null)
  const [reloaded, setReloaded] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const run = useToolRun(entry, tool)
  const remote = useRemoteRuns()
  const takesInput = entry.label !== undefined
  const loading = run.isPending || remote?.running === true
  const blocked = loading
  /** The run id of the history entry whose outcome the panel shows. */
  const shownRun = useRef<string | undefined>(undefined)
  /** The run id a link asked for, run by the next submit (once its input and options are in the form). */
  const linkedRun = useRef<string | null>(null)
  const [linkedRuns, setLinkedRuns] = useState(0)
  const handledEntry = useRef<string | null>(null)

  function reject(message: string) {
    run.reset()
    remote?.clear()
    setRestored(null)
    setLocalError(message)
    toast.error(`${entry.name} failed: ${message}`)
  }

  /** The input refused: its message beside the field and in a toast, the focus back in the field. */
  function refuseInput(message: string, toastText: string) {
    run.reset()
    remote?.clear()
    setRestored(null)
    setLocalError(null)
    setFieldError(message)
    document.getElementById(inputId)?.focus()
    toast.error(toastText)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const fromLink = linkedRun.current
    linkedRun.current = null
    if (blocked) return
    const check: InputCheck = takesInput ? checkToolInput(rule.schema, value) : { kind: 'valid', value: '' }
    if (check.kind === 'blank') return refuseInput(check.message, check.message)
    if (check.kind === 'invalid') return refuseInput(check.message, `${entry.name} failed: ${check.message}`)
    setFieldError(null)
    const options = readOptions?.()
    if (options && !options.ok) return reject(options.message)
    const elsewhere = remote?.chosen === true
    const problem = elsewhere ? remote.check() : null
    if (problem !== null) return reject(problem)
    setLocalError(null)
    setRestored(null)
    setReloaded(false)
    const runId = fromLink ?? newRunId()
    if (onPage && takesInput && !rule.multiline && fromLink === null) {
      // A new run is a new entry: back returns to the one before, with its own outcome.
      shownRun.current = runId
      const query = tool.query && controls ? tool.query.write(controls.value) : []
      query.push(...(remote?.writeQuery() ?? []))
      navigate({ search: runSearch(value.trim(), query) }, { state: { toolRun: runId } })
    }
    if (elsewhere) {
      run.reset()
      remote.start({ input: check.value, options: options?.value }, runId)
      return
    }
    remote?.clear()
    run.mutate(
      { input: check.value, options: options?.value },
      {
        onSuccess: (answer) => keepOutcome(runId, { status: 'success', answer }),
        onError: (error) => keepOutcome(runId, { status: 'error', error }),
      },
    )
  }

  function clear() {
    run.reset()
    remote?.clear()
    setRestored(null)
    setLocalError(null)
    setFieldError(null)
  }

  // Opening an entry (a link, a reload, back/forward): its input and options fill the form; its kept
  // outcome is shown, or, when the address asks for a run and none is kept, it runs once.
  // Keyed by location.key alone: it runs once per history entry.
  useEffect(() => {
    if (!onPage || handledEntry.current === location.key) return
    handledEntry.current = location.key
    const reloadedEntry = isReloadedEntry()
    const runId = runIdOf(location.state)
    if (runId !== undefined && runId === shownRun.current) return
    const params = new URLSearchParams(location.search)
    const linked = readLinkedRun(params)
    const options = tool.query?.read(params)
    setValue(linked.input ?? '')
    if (options !== undefined) controls?.set(options)
    const remoteQuery = remote?.readQuery(params) ?? []
    setReloaded(false)
    setLocalError(null)
    setFieldError(null)
    run.reset()
    shownRun.current = runId
    const kept = keptOutcome(runId)
    setRestored(kept ?? null)
    const shownElsewhere = remote?.show(runId) === true
    if (kept || shownElsewhere || !linked.run) return
    // A reload shows the entry's input but does not measure again: the person asks for that with Run.
    if (reloadedEntry && runId !== undefined) {
      setReloaded(true)
      return
    }
    const id = runId ?? newRunId()
    shownRun.current = id
    if (runId === undefined) {
      // The link's entry becomes this run's entry (q, the options, and the run id in its state).
      const query = tool.query && options !== undefined ? tool.query.write(options) : []
      query.push(...remoteQuery)
      const search = takesInput ? runSearch(linked.input, query) : ''
      navigate({ search }, { replace: true, state: { toolRun: id } })
    }
    linkedRun.current = id
    setLinkedRuns((n) => n + 1)
  }, [location.key])

  useEffect(() => {
    if (linkedRuns > 0) formRef.current?.requestSubmit()
  }, [linkedRuns])

  const state = restored
    ? toOutputState({
        status: restored.status,
        answer: restored.status === 'success' ? restored.answer : undefined,
        error: restored.status === 'error' ? restored.error : null,
        localError: null,
      })
    : toOutputState({ status: run.status, answer: run.data, error: run.error, localError })
  const answer = restored ? (restored.status === 'success' ? restored.answer : undefined) : run.data
  const hasOutcome =
    state.kind === 'success' || state.kind === 'error' || Boolean(remote?.output) || fieldError !== null
  const message = {
    id: `${inputId}-message`,
    error: fieldError,
    // Pasted text runs as pasted: no "Runs as" note.
    note: takesInput && !rule.multiline ? runNote(rule.schema, value) : undefined,
  }

  // The one field, a line or (for pasted headers) a text area, with its value and its message.
  const fieldProps = {
    id: inputId,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value)
      setFieldError(null)
    },
    ...fieldMessageProps(message),
  }

  return (
    <EntryFrame entry={entry} variant={variant} icon={icon}>
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
        <fieldset ref={fieldsetRef} disabled className="contents">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {takesInput && (
              <Field id={inputId} label={entry.label ?? ''} className="flex-1">
                {rule.multiline ? (
                  <TextArea {...fieldProps} />
                ) : (
                  <Input {...fieldProps} autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="go" />
                )}
              </Field>
            )}
            <div className="flex gap-2">
              <Button type="submit" disabled={blocked} aria-busy={loading} className="flex-1 sm:flex-none">
                {loading ? <Spinner className="text-current" /> : <Play aria-hidden="true" />}
                {entry.button}
              </Button>
              {hasOutcome && <ClearResultsButton onClick={clear} />}
            </div>
          </div>
          {takesInput && <FieldMessage {...message} />}
          {fields}
          {remote?.control}
        </fieldset>
      </form>
      {reloaded && (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          The page was reloaded, so this run was not repeated. Press {entry.button} to measure again.
        </p>
      )}
      <div className="mt-5">
        {remote?.output ?? (
          <ToolOutput
            toolId={entry.id}
            toolName={entry.name}
            state={state}
            answer={answer}
            progress={restored ? [] : run.progress}
            queue={run.queue}
            renderDetails={tool.renderDetails}
            live={live}
          />
        )}
      </div>
    </EntryFrame>
  )
}
