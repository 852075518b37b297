import type { ReactNode } from 'react'

export type OutputState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; lines: readonly string[] }
  | { kind: 'error'; message: string; lines: readonly string[] }

export interface OutputBoxProps {
  state: OutputState
  /** Rendered above the text lines on success (tables and other structured views). */
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
          <Lines lines={state.lines} />
        </div>
      )
    case 'success':
      return (
        <div className="space-y-4">
          {details}
          <Lines lines={state.lines} />
        </div>
      )
  }
}

/** The dark monospace result area; its height is fixed so results never move the page. */
export function OutputBox(props: OutputBoxProps) {
  return (
    <section
      className="focus-ring h-96 overflow-auto rounded-xl border border-zinc-800 bg-zinc-950 p-4 font-mono text-[13px] leading-relaxed text-zinc-100 shadow-inner"
      aria-live="polite"
      aria-busy={props.state.kind === 'loading'}
      aria-label="Results"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <OutputContent {...props} />
    </section>
  )
}
