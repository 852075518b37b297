import type { ReactNode } from 'react'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { answerFileName, answerText } from '../lib/result-export.ts'
import { ResultActions } from './result-actions.tsx'

export type OutputState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; lines: readonly string[]; answer?: ToolAnswer }
  | { kind: 'error'; message: string; lines: readonly string[]; answer?: ToolAnswer }

export interface OutputBoxProps {
  state: OutputState
  /**
   * The structured view of the answer (tables and the like), also of a failed diagnosis that carries
   * a result (an expired certificate's full report); the text lines then sit behind "Raw text".
   */
  details?: ReactNode
  loadingLabel?: string
}

function LoadingDots({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-zinc-300">
      <span className="flex gap-1" aria-hidden="true">
        <span className="size-1.5 animate-dot rounded-full bg-zinc-300" />
        <span className="size-1.5 animate-dot rounded-full bg-zinc-300 [animation-delay:150ms]" />
        <span className="size-1.5 animate-dot rounded-full bg-zinc-300 [animation-delay:300ms]" />
      </span>
      <span>{label}</span>
    </div>
  )
}

function Lines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null
  return <pre className="whitespace-pre-wrap break-words [tab-size:8]">{lines.join('\n')}</pre>
}

function OutputContent({ state, details, loadingLabel }: OutputBoxProps) {
  switch (state.kind) {
    case 'idle':
      return <p className="text-zinc-400">Results will appear here...</p>
    case 'loading':
      return <LoadingDots label={loadingLabel ?? 'Running...'} />
    case 'error':
      return (
        <div className="space-y-3">
          <p className="whitespace-pre-wrap break-words text-red-400" role="alert">
            {state.message}
          </p>
          <Report lines={state.lines} details={details} />
        </div>
      )
    case 'success':
      return <Report lines={state.lines} details={details} />
  }
}

/** One view per result: the structured view, with the same facts as text only on request (Copy and Download always give the text). */
function Report({ lines, details }: { lines: readonly string[]; details: ReactNode }) {
  if (!details) return <Lines lines={lines} />
  return (
    <div className="space-y-4">
      {details}
      {lines.length > 0 && (
        <details className="font-sans text-xs text-zinc-400">
          <summary className="focus-ring cursor-pointer rounded select-none hover:text-zinc-200">Raw text</summary>
          <div className="mt-2 font-mono text-[13px] text-zinc-100">
            <Lines lines={lines} />
          </div>
        </details>
      )}
    </div>
  )
}

/**
 * The dark monospace result area. It grows with its result, so a long report flows in the page
 * (never a scroll box inside the page); it is at least 24rem high so the first result does not
 * shrink the page. Only a table too wide for a phone scrolls sideways, inside its own block. The
 * bar offers copy and download once there is an answer.
 */
export function OutputBox(props: OutputBoxProps) {
  const { state } = props
  const answer = state.kind === 'success' || state.kind === 'error' ? state.answer : undefined
  return (
    <div className="flex min-h-96 min-w-0 flex-col rounded-xl border border-zinc-800 bg-zinc-950 text-zinc-100 shadow-inner">
      <div className="flex h-10 shrink-0 items-center justify-between gap-2 border-b border-zinc-800 px-3">
        <span className="font-sans text-xs font-medium tracking-wide text-zinc-400" aria-hidden="true">
          Output
        </span>
        {answer && (
          <ResultActions
            text={answerText(answer)}
            data={answer}
            fileName={answerFileName(answer, new Date())}
            tone="dark"
            runId={answer.runId}
          />
        )}
      </div>
      <section
        className="result-tables relative min-w-0 flex-1 rounded-b-xl p-4 font-mono text-[13px] leading-relaxed"
        aria-live="polite"
        aria-busy={state.kind === 'loading'}
        aria-label="Results"
      >
        <OutputContent {...props} />
      </section>
    </div>
  )
}
