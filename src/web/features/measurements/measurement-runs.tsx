// Runs from other places for a tool panel: the "Run from" choice, the measurement it starts and its
// view, handed to the panel through the tool panel's RemoteRuns slot.
import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { CatalogueEntry } from '../../../shared/catalogue.ts'
import type { MeasurementRequestInput } from '../../../shared/measurement-request.ts'
import type { MeasurementToolId } from '../../../shared/measurements.ts'
import { checkRunFrom, type RunFrom, readRunFrom, THIS_SERVER, targetingOf, writeRunFrom } from '../../lib/run-from.ts'
import type { ToolParts } from '../../lib/tool-parts.tsx'
import { type RemoteRuns, RemoteRunsContext } from '../../tool-panel/index.ts'
import type { RenderAnswer } from './measurement-view.tsx'
import { RunFromControl } from './run-from-control.tsx'
import { useMeasurement } from './use-measurement.ts'
import { useProbes } from './use-probes.ts'

/**
 * The side-by-side view of a measurement, loaded with the first one shown: it brings every probe
 * tool's result schemas, which a tool page's first load does not need.
 */
const MeasurementOutput = lazy(() => import('./measurement-output.tsx').then((m) => ({ default: m.MeasurementOutput })))

/** A location's answer in the tool's own view: its result view, else its live view drawn from the answer. */
export function answerRenderer(parts: ToolParts): RenderAnswer {
  return (answer) => parts.renderDetails?.(answer) ?? parts.live?.render([], answer) ?? null
}

export interface MeasurementRunsProps {
  tool: MeasurementToolId
  entry: CatalogueEntry
  parts: ToolParts
  children: ReactNode
}

export function MeasurementRuns({ tool, entry, parts, children }: MeasurementRunsProps) {
  const [runFrom, setRunFrom] = useState<RunFrom>(THIS_SERVER)
  const probes = useProbes()
  const measurement = useMeasurement(entry.name)
  const shown = measurement.state !== null || measurement.error !== null || measurement.running
  const remote: RemoteRuns = {
    control: <RunFromControl tool={tool} toolName={entry.name} value={runFrom} onChange={setRunFrom} probes={probes} />,
    chosen: runFrom.mode !== 'server',
    check: () => checkRunFrom(runFrom),
    start(request, entryId) {
      if (runFrom.mode === 'server') return
      const body = { tool, input: request.input, options: request.options, ...targetingOf(runFrom) }
      measurement.start(body as MeasurementRequestInput, entryId)
    },
    show: measurement.show,
    output: shown ? (
      <Suspense fallback={null}>
        <MeasurementOutput state={measurement.state} error={measurement.error} renderAnswer={answerRenderer(parts)} />
      </Suspense>
    ) : null,
    running: measurement.running,
    clear: measurement.clear,
    writeQuery: () => writeRunFrom(runFrom),
    readQuery(params) {
      const linked = readRunFrom(params)
      setRunFrom(linked)
      return writeRunFrom(linked)
    },
  }
  return <RemoteRunsContext value={remote}>{children}</RemoteRunsContext>
}
