import { Eraser, Play } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { toast } from 'sonner'
import { blacklistRequest, blacklistResult } from '../../../shared/tools/blacklist.ts'
import { messages } from '../../../shared/validation.ts'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { OutputBox } from '../../components/output-box.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ToolIcon } from '../../components/tool-icon.tsx'
import { type PanelProps, titleLevel } from '../../lib/panel-props.ts'
import { checkToolInput, toOutputState } from '../tool-panel/tool-outcome.ts'
import { BlacklistResultView } from './blacklist-result-view.tsx'
import { LiveProgress } from './live-progress.tsx'
import { useBlacklistRun } from './use-blacklist-run.ts'

/** The output area while lists answer: same frame as the result box, rows streaming in. */
function LiveBox({ children }: { children: ReactNode }) {
  return (
    <section
      className="focus-ring h-96 overflow-auto rounded-xl border border-zinc-800 bg-zinc-950 p-4 font-mono text-[13px] leading-relaxed text-zinc-100 shadow-inner"
      aria-busy="true"
      aria-label="Results"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {children}
    </section>
  )
}

/** IP blacklist: an IP, domain or URL against every DNS block list, each verdict shown as it arrives. */
export function BlacklistPanel({ entry, variant }: PanelProps) {
  const inputId = useId()
  const [value, setValue] = useState('')
  const [localError, setLocalError] = useState<string | null>(null)
  const { run, live } = useBlacklistRun(entry)
  const loading = run.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (loading) return
    const check = checkToolInput(blacklistRequest.shape.input, value)
    if (check.kind === 'blank') {
      toast.error(messages.blank)
      return
    }
    if (check.kind === 'invalid') {
      run.reset()
      setLocalError(check.message)
      toast.error(`${entry.name} failed: ${check.message}`)
      return
    }
    setLocalError(null)
    run.mutate({ input: check.value })
  }

  function clear() {
    run.reset()
    setLocalError(null)
  }

  const state = toOutputState({ status: run.status, answer: run.data, error: run.error, localError })
  const parsed = run.data ? blacklistResult.safeParse(run.data.result) : undefined
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
            <Button type="submit" disabled={loading} aria-busy={loading} className="flex-1 sm:flex-none">
              {loading ? <Spinner className="text-current" /> : <Play aria-hidden="true" />}
              {entry.button}
            </Button>
            {(state.kind === 'success' || state.kind === 'error') && (
              <Button variant="outline" onClick={clear}>
                <Eraser aria-hidden="true" />
                Clear Results
              </Button>
            )}
          </div>
        </div>
      </form>
      <div className="mt-5">
        {loading ? (
          <LiveBox>
            <LiveProgress events={live} />
          </LiveBox>
        ) : (
          <OutputBox
            state={state}
            details={
              state.kind === 'success' && parsed?.success ? <BlacklistResultView result={parsed.data} /> : undefined
            }
          />
        )}
      </div>
    </PanelFrame>
  )
}
