// A tool panel whose results arrive as they happen (ping replies, traceroute hops): the same form,
// toasts and output box as ToolPanel, with a live view drawn from the progress events.
import { Eraser, Play } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { messages } from '../../../shared/validation.ts'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { OutputBox, type OutputState } from '../../components/output-box.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ToolIcon } from '../../components/tool-icon.tsx'
import { type PanelProps, titleLevel } from '../../lib/panel-props.ts'
import { inputRuleFor } from './input-rules.ts'
import { checkToolInput, toOutputState } from './tool-outcome.ts'
import type { OptionsCheck } from './tool-panel.tsx'
import { useStreamingRun } from './use-streaming-run.ts'

export interface StreamingToolPanelProps extends PanelProps {
  inputSchema: z.ZodType<string, string>
  fields?: ReactNode
  readOptions?: () => OptionsCheck
  /** The live view: progress events so far, and the answer once it is there. */
  renderLive: (progress: unknown[], answer: ToolAnswer | undefined) => ReactNode
}

export function StreamingToolPanel({
  entry,
  variant,
  inputSchema,
  fields,
  readOptions,
  renderLive,
}: StreamingToolPanelProps) {
  const inputId = useId()
  const [value, setValue] = useState('')
  const [localError, setLocalError] = useState<string | null>(null)
  const run = useStreamingRun(entry)
  const loading = run.isPending
  const blocked = loading || (inputRuleFor(entry.id).disableWhenBlank === true && value.trim() === '')

  function reject(message: string) {
    run.reset()
    setLocalError(message)
    toast.error(`${entry.name} failed: ${message}`)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (blocked) return
    const check = checkToolInput(inputSchema, value)
    if (check.kind === 'blank') {
      toast.error(messages.blank)
      return
    }
    if (check.kind === 'invalid') return reject(check.message)
    const options = readOptions?.()
    if (options && !options.ok) return reject(options.message)
    setLocalError(null)
    run.mutate({ input: check.value, options: options?.value })
  }

  function clear() {
    run.reset()
    setLocalError(null)
  }

  const live = loading && run.progress.length > 0
  const state: OutputState = live
    ? { kind: 'success', lines: [] }
    : toOutputState({ status: run.status, answer: run.data, error: run.error, localError })
  const hasOutcome = !loading && (state.kind === 'success' || state.kind === 'error')
  const details =
    state.kind === 'success' ? (
      <div className="space-y-3">
        {renderLive(run.progress, run.data)}
        {live && (
          <p className="flex items-center gap-2 text-zinc-400">
            <Spinner className="text-current" /> Running {entry.name}...
          </p>
        )}
      </div>
    ) : undefined

  return (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<ToolIcon id={entry.id} />}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id={inputId} label={entry.label ?? ''} className="flex-1">
            <Input
              id={inputId}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={blocked} aria-busy={loading} className="flex-1 sm:flex-none">
              {loading ? <Spinner className="text-current" /> : <Play aria-hidden="true" />}
              {entry.button}
            </Button>
            {hasOutcome && (
              <Button variant="outline" onClick={clear}>
                <Eraser aria-hidden="true" />
                Clear Results
              </Button>
            )}
          </div>
        </div>
        {fields}
      </form>
      <div className="mt-5">
        <OutputBox state={state} loadingLabel={`Running ${entry.name}...`} details={details} />
      </div>
    </PanelFrame>
  )
}
