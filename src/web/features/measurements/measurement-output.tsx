// The output area of a measurement, in the frame of the tool's output box: Share (once the run is
// stored), Copy as text, Download CSV and Download JSON above the side-by-side view.
import { Download } from 'lucide-react'
import { OutputBox } from '../../components/output-box.tsx'
import { ResultActions } from '../../components/result-actions.tsx'
import { downloadText } from '../../lib/result-export.ts'
import { measurementCsv, measurementFileName, measurementJson, measurementLines } from './measurement-export.ts'
import type { MeasurementState } from './measurement-state.ts'
import { MeasurementView, type RenderAnswer } from './measurement-view.tsx'

const action =
  'focus-ring inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-sans text-xs font-medium text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-zinc-50 [&_svg]:size-3.5'

export interface MeasurementOutputProps {
  state: MeasurementState | null
  /** Why the measurement could not start. */
  error?: string | null
  renderAnswer?: RenderAnswer
  /** Offer Share for the stored run (not on a permalink's own page). */
  shareable?: boolean
}

export function MeasurementOutput({ state, error, renderAnswer, shareable = true }: MeasurementOutputProps) {
  if (error) return <OutputBox state={{ kind: 'error', message: error, lines: [] }} />
  if (!state) return <OutputBox state={{ kind: 'loading' }} loadingLabel="Sending the measurement to the probes..." />
  const settled = state.finished || state.interrupted !== undefined
  return (
    <div className="flex min-h-96 flex-col rounded-xl border border-zinc-800 bg-zinc-950 text-zinc-100 shadow-inner">
      <div className="flex min-h-10 shrink-0 flex-wrap items-center justify-between gap-2 border-b border-zinc-800 px-3 py-1">
        <span className="font-sans text-xs font-medium tracking-wide text-zinc-400" aria-hidden="true">
          Output
        </span>
        {settled && (
          <div className="flex flex-wrap items-center gap-1">
            <ResultActions
              text={measurementLines(state).join('\n')}
              data={measurementJson(state)}
              fileName={measurementFileName(state, new Date(), 'json')}
              tone="dark"
              runId={shareable ? state.runId : undefined}
            />
            <button
              type="button"
              className={action}
              onClick={() =>
                downloadText(measurementCsv(state), measurementFileName(state, new Date(), 'csv'), 'text/csv')
              }
            >
              <Download aria-hidden="true" />
              Download CSV
            </button>
          </div>
        )}
      </div>
      <section
        className="focus-ring result-tables min-h-0 flex-1 overflow-x-auto rounded-b-xl p-4"
        aria-label="Results"
        aria-busy={!settled}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: wide tables scroll sideways, which the keyboard must reach
        tabIndex={0}
      >
        <MeasurementView state={state} renderAnswer={renderAnswer} />
      </section>
    </div>
  )
}
