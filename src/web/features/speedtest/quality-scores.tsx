// Quality ratings for streaming, gaming and video calls, each with what set it, what could not be
// judged and why, and its thresholds in a disclosure (engine/quality-thresholds.ts).
import type { QualityInput, QualityScore, SpeedTestResult } from '../../../shared/tools/speedtest.ts'
import { QUALITY_INPUT_LABELS } from '../../../shared/tools/speedtest-quality-lines.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { type InputReading, rateInput, readInputs } from './engine/quality-scores.ts'
import { type Bounds, QUALITY_INPUTS, QUALITY_USES, type QualityUse } from './engine/quality-thresholds.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const USES = Object.keys(QUALITY_USES) as QualityUse[]

interface BoundRow {
  input: QualityInput
  bounds: Bounds
  reading: InputReading
}

const valueText = (input: QualityInput, value: number) =>
  QUALITY_INPUTS[input].unit === 'Mbps' ? formatMbps(value) : formatMs(value)

const boundColumn = (header: string, index: number): Column<BoundRow> => ({
  header,
  cell: (row) => row.bounds[index],
})

const columns: Column<BoundRow>[] = [
  {
    header: 'Input',
    rowHeader: true,
    cell: (row) => {
      const { unit, sense } = QUALITY_INPUTS[row.input]
      return `${QUALITY_INPUT_LABELS[row.input]} (${unit}, ${sense === 'atLeast' ? 'at least' : 'below'})`
    },
  },
  {
    header: 'Yours',
    cell: (row) =>
      'value' in row.reading ? (
        <>
          {valueText(row.input, row.reading.value)}
          <span className="block text-muted-foreground">{rateInput(row.input, row.reading.value, row.bounds)}</span>
        </>
      ) : (
        'not measured'
      ),
  },
  boundColumn('Great', 0),
  boundColumn('Good', 1),
  boundColumn('Average', 2),
  boundColumn('Poor', 3),
]

const names = (inputs: readonly QualityInput[]) => inputs.map((i) => QUALITY_INPUT_LABELS[i].toLowerCase()).join(', ')

function UseRating({
  use,
  score,
  readings,
}: {
  use: QualityUse
  score: QualityScore
  readings: ReturnType<typeof readInputs>
}) {
  const { label, bounds } = QUALITY_USES[use]
  const rows = (Object.entries(bounds) as Array<[QualityInput, Bounds]>).map(([input, b]) => ({
    input,
    bounds: b,
    reading: readings[input],
  }))
  const weak = score.rating === 'Bad' || score.rating === 'Poor'
  return (
    <div className="space-y-1 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <h4 className="font-medium">
        {label}: <span className={weak ? 'text-danger' : undefined}>{score.rating ?? 'Not rated'}</span>
      </h4>
      {score.rating === null ? (
        <p className="text-muted-foreground">Nothing this rating depends on was measured.</p>
      ) : (
        score.rating !== 'Great' && <p>Set by: {names(score.limitedBy)}.</p>
      )}
      {score.notJudged.length > 0 && (
        <ul className="text-muted-foreground">
          {score.notJudged.map((n) => (
            <li key={n.input}>
              Not judged: {QUALITY_INPUT_LABELS[n.input].toLowerCase()} — {n.reason}.
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer">Thresholds for {label.toLowerCase()}</summary>
        <div className="mt-2">
          <DataTable
            caption={`${label}: the bound each input must meet for each rating; beyond Poor it is Bad`}
            tone="card"
            density="compact"
            className="tabular-nums text-xs"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.input}
          />
        </div>
      </details>
    </div>
  )
}

/** Nothing for a result without ratings (a test saved before they existed). */
export function QualityScores({ result }: { result: SpeedTestResult }) {
  const { quality } = result
  if (!quality) return null
  const readings = readInputs(result)
  return (
    <section aria-labelledby="quality-ratings" className="rounded-xl border border-border p-3 text-sm">
      <h3 id="quality-ratings" className="font-medium">
        Quality for streaming, gaming and video calls
      </h3>
      <p className="mt-1 text-muted-foreground">
        Each use gets the lowest rating among the measured inputs it depends on (Great, Good, Average, Poor, Bad). An
        input that could not be measured is not judged, and the rating rests on the others.
      </p>
      <div className="mt-3 space-y-3">
        {USES.map((use) => (
          <UseRating key={use} use={use} score={quality[use]} readings={readings} />
        ))}
      </div>
    </section>
  )
}
