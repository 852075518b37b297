// A measurement side by side: how far it is, the probes on a map, the tool's comparison tables with
// one row per location (its place in words, its status and whose failure a failure is), and under
// them each location's own answer in the tool's usual view, collapsible (while a ping or traceroute
// row runs, the lines its probe has sent so far, replaced by the answer once it comes).
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { lazy, type ReactNode, Suspense } from 'react'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { type ComparisonTable, compareRows, type RowSlot } from './comparison.ts'
import { mapPoints } from './map-points.ts'
import { measurementTitle } from './measurement-export.ts'
import { type MeasurementState, progressOf } from './measurement-state.ts'
import { probeSubtitle, probeTitle } from './probe-label.ts'
import { type RowTone, rowStatus } from './row-status.ts'

const ProbeMap = lazy(() => import('./probe-map.tsx').then((m) => ({ default: m.ProbeMap })))

/** The tool's own view of one location's answer (its result view or live view), when it has one. */
export type RenderAnswer = (answer: ToolAnswer) => ReactNode

interface Line {
  row: RowSlot
  index: number
}

const toneClass: Record<RowTone, string> = { ok: 'text-emerald-300', busy: 'text-sky-300', failed: 'text-red-300' }
const toneIcon: Record<RowTone, ReactNode> = {
  ok: <CircleCheck aria-hidden className="size-4 shrink-0" />,
  busy: <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />,
  failed: <CircleX aria-hidden className="size-4 shrink-0" />,
}

function LocationCell({ line }: { line: Line }) {
  if (!line.row) return <span className="text-zinc-400">Location {line.index + 1}</span>
  const subtitle = probeSubtitle(line.row.probe)
  return (
    <>
      <span className="text-zinc-100">{probeTitle(line.row.probe)}</span>
      {subtitle && <span className="block text-xs text-zinc-400">{subtitle}</span>}
    </>
  )
}

function StatusCell({ row }: { row: RowSlot }) {
  const status = rowStatus(row)
  return (
    <>
      <span className={`inline-flex items-center gap-1 whitespace-nowrap ${toneClass[status.tone]}`}>
        {toneIcon[status.tone]}
        {status.label}
        {status.whose && <span>({status.whose})</span>}
      </span>
      {status.detail && <span className="block text-xs text-zinc-300">{status.detail}</span>}
    </>
  )
}

function columnsOf(table: ComparisonTable): Column<Line>[] {
  return [
    { header: 'Location', rowHeader: true, cell: (line) => <LocationCell line={line} />, className: 'min-w-40' },
    { header: 'Status', cell: (line) => <StatusCell row={line.row} /> },
    ...table.columns.map(
      (column): Column<Line> => ({
        header: column.header,
        cell: (line) => column.text(line.row, line.index),
        className: column.numeric ? 'tabular-nums whitespace-nowrap' : 'break-words',
      }),
    ),
  ]
}

function ComparisonView({ table, lines }: { table: ComparisonTable; lines: Line[] }) {
  return (
    <div className="space-y-2">
      {table.verdict && (
        <p className="text-zinc-100" data-testid="measurement-verdict">
          {table.verdict}
        </p>
      )}
      {/* The table scrolls sideways in this box (not in the table's own box), which the keyboard can reach. */}
      <section
        className="focus-ring overflow-x-auto rounded [&>div]:overflow-visible"
        aria-label={table.caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <DataTable
          caption={table.caption}
          columns={columnsOf(table)}
          rows={lines}
          rowKey={(line) => String(line.index)}
          rowClassName={(line) => (table.marks?.has(line.index) ? 'bg-amber-950/60' : '')}
          className="text-[13px]"
        />
      </section>
    </div>
  )
}

/** The lines a running row's probe has sent so far, as the tool's own output box shows a local run. */
function LiveLines({ line }: { line: Line }) {
  const row = line.row
  if (row?.status !== 'in-progress' || !row.lines?.length) return null
  return (
    <details open className="rounded-lg border border-zinc-800 px-3 py-2" data-testid="measurement-live-row">
      <summary className="focus-ring cursor-pointer rounded text-zinc-200 select-none hover:text-zinc-50">
        {probeTitle(row.probe)} · {rowStatus(row).label}
      </summary>
      <pre className="mt-3 font-mono text-[13px] whitespace-pre-wrap break-words text-zinc-100">
        {row.lines.join('\n')}
      </pre>
    </details>
  )
}

const hasOutput = (row: RowSlot) => row?.result !== undefined || (row?.status === 'in-progress' && !!row.lines?.length)

function AnswerDetails({ line, open, renderAnswer }: { line: Line; open: boolean; renderAnswer?: RenderAnswer }) {
  const answer = line.row?.result
  if (!line.row) return null
  if (!answer) return <LiveLines line={line} />
  const status = rowStatus(line.row)
  const view = answer.status === 'ok' ? renderAnswer?.(answer as ToolAnswer) : null
  return (
    <details open={open} className="rounded-lg border border-zinc-800 px-3 py-2">
      <summary className="focus-ring cursor-pointer rounded text-zinc-200 select-none hover:text-zinc-50">
        {probeTitle(line.row.probe)} · {status.label}
        {status.whose ? ` (${status.whose})` : ''}
      </summary>
      <div className="mt-3 space-y-3">
        {answer.status === 'failed' && <p className="text-red-300">{answer.error}</p>}
        {view ?? (
          <pre className="font-mono text-[13px] whitespace-pre-wrap break-words text-zinc-100">
            {answer.lines.join('\n')}
          </pre>
        )}
      </div>
    </details>
  )
}

const locations = (n: number) => `${n} ${n === 1 ? 'location' : 'locations'}`

function progressText(state: MeasurementState): string {
  const { total, settled, ok } = progressOf(state)
  if (!state.finished)
    return settled === 0 ? `Waiting for ${locations(total)}…` : `${settled} of ${locations(total)} settled…`
  if (ok === total) return total === 1 ? 'The location answered' : `All ${locations(total)} answered`
  return `${ok} of ${locations(total)} answered; ${total - ok} did not`
}

export interface MeasurementViewProps {
  state: MeasurementState
  renderAnswer?: RenderAnswer
}

export function MeasurementView({ state, renderAnswer }: MeasurementViewProps) {
  const lines = state.rows.map((row, index) => ({ row, index }))
  const tables = compareRows(state.tool, state.rows, state.options)
  const points = mapPoints(state.rows)
  return (
    <section className="space-y-4 font-sans text-sm" aria-label="Measurement">
      <div className="space-y-1">
        <h3 className="text-zinc-100">{measurementTitle(state)}</h3>
        <p role="status" aria-live="polite" className="text-zinc-300" data-testid="measurement-progress">
          {progressText(state)}
        </p>
        {state.interrupted && (
          <p role="alert" className="text-amber-200">
            {state.interrupted}
          </p>
        )}
      </div>
      <Suspense fallback={null}>
        <ProbeMap points={points} />
      </Suspense>
      {tables.map((table) => (
        <ComparisonView key={table.caption} table={table} lines={lines} />
      ))}
      {lines.some((line) => hasOutput(line.row)) && (
        <section className="space-y-2" aria-label="Each location's answer">
          <h3 className="text-xs font-medium tracking-wide text-zinc-400 uppercase">Each location's answer</h3>
          {lines.map((line) => (
            <AnswerDetails
              key={line.index}
              line={line}
              open={state.tool === 'traceroute'}
              renderAnswer={renderAnswer}
            />
          ))}
        </section>
      )}
    </section>
  )
}
