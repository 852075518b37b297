// Quality ratings for streaming, gaming and video calls, each with what set it, what could not be
// judged and why, and its thresholds in a disclosure: per input, the measured value with its
// rating and the bound of each rating (engine/quality-thresholds.ts).

import { QUALITY_INPUT_LABELS } from '../../../shared/tools/speedtest/quality-lines.ts'
import type { QualityInput, QualityScore, SpeedTestResult } from '../../../shared/tools/speedtest/schema.ts'
import { type InputReading, rateInput, readInputs } from './engine/quality-scores.ts'
import {
  BOUNDED_RATINGS,
  type Bounds,
  QUALITY_INPUTS,
  QUALITY_USES,
  type QualityUse,
} from './engine/quality-thresholds.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const USES = Object.keys(QUALITY_USES) as QualityUse[]

const valueText = (input: QualityInput, value: number) =>
  QUALITY_INPUTS[input].unit === 'Mbps' ? formatMbps(value) : formatMs(value)

/** "Great under 20 ms · Good under 50 · … · Bad from 500", or "Great from 50 Mbps · … · Bad under 3". */
export function boundsText(input: QualityInput, bounds: Bounds): string {
  const { unit, sense } = QUALITY_INPUTS[input]
  const [inside, beyond] = sense === 'atLeast' ? ['from', 'under'] : ['under', 'from']
  const unitText = unit === '%' ? ' %' : ` ${unit}`
  const steps = BOUNDED_RATINGS.map((rating, i) => `${rating} ${inside} ${bounds[i]}${i === 0 ? unitText : ''}`)
  return [...steps, `Bad ${beyond} ${bounds[3]}`].join(' · ')
}

function InputBounds({ input, bounds, reading }: { input: QualityInput; bounds: Bounds; reading: InputReading }) {
  const { unit } = QUALITY_INPUTS[input]
  return (
    <li>
      <span className="font-medium">{QUALITY_INPUT_LABELS[input]}</span>
      {'value' in reading ? (
        <span>
          : yours {valueText(input, reading.value)} {unit} ({rateInput(input, reading.value, bounds)})
        </span>
      ) : (
        <span>: not measured</span>
      )}
      <span className="block text-muted-foreground">{boundsText(input, bounds)}</span>
    </li>
  )
}

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
        <ul className="mt-2 space-y-2" aria-label={`${label}: the bound of each rating, per input`}>
          {(Object.entries(bounds) as Array<[QualityInput, Bounds]>).map(([input, b]) => (
            <InputBounds key={input} input={input} bounds={b} reading={readings[input]} />
          ))}
        </ul>
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
