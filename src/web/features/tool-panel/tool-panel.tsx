// A tool's panel: its input, extra fields and run button, the product's toasts, and the output area;
// a tool with a live view runs as an event stream and draws its progress as it arrives.
import { Play } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { messages, requiredText } from '../../../shared/validation.ts'
import { Button } from '../../components/button.tsx'
import { ClearResultsButton } from '../../components/clear-results-button.tsx'
import { EntryFrame } from '../../components/entry-frame.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { Spinner } from '../../components/spinner.tsx'
import type { ToolPanelProps } from '../../lib/tool-manifest.tsx'
import { checkToolInput, type InputCheck, toOutputState } from './tool-outcome.ts'
import { ToolOutput } from './tool-output.tsx'
import { useToolRun } from './use-tool-run.ts'

export type OptionsCheck = { ok: true; value: unknown } | { ok: false; message: string }

export interface ToolPanelExtras {
  /** Extra form controls shown under the main input. */
  fields?: ReactNode
  /** Reads and checks the extra controls into the request's options. */
  readOptions?: () => OptionsCheck
}

export function ToolPanel({ entry, variant, icon, tool, fields, readOptions }: ToolPanelProps & ToolPanelExtras) {
  const inputId = useId()
  const { live } = tool
  const rule = tool.input ?? { schema: requiredText }
  // On the tool's own page, ?input= fills the field (history's "Open in tool") and &run=1 runs it
  // once ("Run again"); the run flag is dropped from the address so that a reload does not rerun.
  const [params, setParams] = useSearchParams()
  const linked = variant === 'page' ? params.get('input') : null
  const [value, setValue] = useState(linked ?? '')
  const autoRun = useRef(variant === 'page' && params.get('run') === '1')
  const [localError, setLocalError] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const run = useToolRun(entry, tool)
  const takesInput = entry.label !== undefined
  const loading = run.isPending
  const blocked = loading || (rule.disableWhenBlank === true && value.trim() === '')

  function reject(message: string) {
    run.reset()
    setLocalError(message)
    toast.error(`${entry.name} failed: ${message}`)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (blocked) return
    const check: InputCheck = takesInput ? checkToolInput(rule.schema, value) : { kind: 'valid', value: '' }
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

  useEffect(() => {
    if (!autoRun.current) return
    autoRun.current = false
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('run')
        return next
      },
      { replace: true },
    )
    formRef.current?.requestSubmit()
  }, [setParams])

  const state = toOutputState({ status: run.status, answer: run.data, error: run.error, localError })
  const hasOutcome = state.kind === 'success' || state.kind === 'error'

  return (
    <EntryFrame entry={entry} variant={variant} icon={icon}>
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {takesInput && (
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
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={blocked} aria-busy={loading} className="flex-1 sm:flex-none">
              {loading ? <Spinner className="text-current" /> : <Play aria-hidden="true" />}
              {entry.button}
            </Button>
            {hasOutcome && <ClearResultsButton onClick={clear} />}
          </div>
        </div>
        {fields}
      </form>
      <div className="mt-5">
        <ToolOutput
          toolName={entry.name}
          state={state}
          answer={run.data}
          progress={run.progress}
          queue={run.queue}
          renderDetails={tool.renderDetails}
          live={live}
        />
      </div>
    </EntryFrame>
  )
}
