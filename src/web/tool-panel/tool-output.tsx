// The output area of a tool panel: the output box with the answer's structured view, or a streamed
// run's live view as the progress events arrive; under the output of a watchable tool, "Watch this"
// (features/monitors), whose row is there from the start so that a result does not move the page.
import type { ReactNode } from 'react'
import type { QueuePlace } from '../../shared/tool-stream.ts'

import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { OutputBox, type OutputState } from '../components/output-box.tsx'
import { Spinner } from '../components/spinner.tsx'
import type { LiveView } from '../lib/tool-parts.tsx'
import { useAfterAnswer } from './after-answer.ts'
import { LiveBox } from './live-box.tsx'
import { describeQueuePlace } from './queue-place.ts'

export type { LiveView }

export interface ToolOutputProps {
  /** The catalogue id of the tool: a watchable tool gets the "Watch this" row. */
  toolId?: string
  toolName: string
  state: OutputState
  answer: ToolAnswer | undefined
  progress: unknown[]
  /** A structured view of a successful answer, shown above its text lines. */
  renderDetails?: (answer: ToolAnswer) => ReactNode
  live?: LiveView
  /** Where a run waiting for a free slot stands in line. */
  queue?: QueuePlace | null
}

export function ToolOutput(props: ToolOutputProps) {
  const { toolId, state } = props
  // The finished answer on screen, a failed diagnosis included (its answer rides on the error state).
  const shown = state.kind === 'success' || state.kind === 'error' ? state.answer : undefined
  const AfterAnswer = useAfterAnswer()
  return (
    <>
      <OutputArea {...props} />
      {toolId && AfterAnswer && <AfterAnswer key={shown?.runId} tool={toolId} answer={shown} />}
    </>
  )
}

function OutputArea({ toolName, state, answer, progress, renderDetails, live, queue }: ToolOutputProps) {
  const loadingLabel = queue ? describeQueuePlace(queue) : `Running ${toolName}...`
  const running = state.kind === 'loading'
  if (live?.placement === 'replace') {
    if (running) return <LiveBox>{live.render(progress, answer)}</LiveBox>
    const details = state.kind === 'success' ? live.render(progress, answer) : undefined
    return <OutputBox state={state} loadingLabel={loadingLabel} details={details} />
  }
  if (!live) {
    // A failed diagnosis that still carries its result (an expired certificate) is drawn as well.
    const shownAnswer = state.kind === 'success' ? answer : state.kind === 'error' ? state.answer : undefined
    const details = shownAnswer && renderDetails ? renderDetails(shownAnswer) : undefined
    return <OutputBox state={state} loadingLabel={loadingLabel} details={details} />
  }
  const streaming = running && progress.length > 0
  const shown: OutputState = streaming ? { kind: 'success', lines: [] } : state
  const details =
    shown.kind === 'success' ? (
      <div className="space-y-3">
        {live.render(progress, answer)}
        {streaming && (
          <p className="flex items-center gap-2 text-zinc-400">
            <Spinner className="text-current" /> Running {toolName}...
          </p>
        )}
      </div>
    ) : undefined
  return <OutputBox state={shown} loadingLabel={loadingLabel} details={details} />
}
