// The measured value of a monitor over time as an SVG line chart, with its facts in words for screen
// readers (the SVG's title and description) and the same checks as a table under "Show as table".
// Checks that measured nothing break the line and are marked on the time axis.
import { format } from 'date-fns'
import { useEffect, useId, useRef, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { type ChartBox, type ChartPoint, chartGeometry } from './chart-scale.ts'

export type { ChartPoint }

export interface ValueChartProps {
  /** What is measured, e.g. "Latency"; names the chart and its table. */
  title: string
  points: readonly ChartPoint[]
  /** A value as people read it, with its unit ("38 ms", "12 days"). */
  formatValue: (value: number) => string
  /** Why a check has no value, for its table row. */
  missingText?: string
  /** The header of the points' notes in the table (their verdicts); no such column without it. */
  noteHeader?: string
  /** Counted values (days, listings): whole-number ticks. */
  whole?: boolean
  /** The drawing's width before the page has measured its box. */
  initialWidth?: number
}

const HEIGHT = 220
const DAY = 86_400_000

function timeFormat(points: readonly ChartPoint[]): string {
  const first = points[0]?.at.getTime() ?? 0
  const last = points.at(-1)?.at.getTime() ?? 0
  if (last - first > 2 * DAY) return 'MMM d'
  return last - first < 10 * 60_000 ? 'HH:mm:ss' : 'HH:mm'
}

/** The chart's facts in one sentence: how many checks, when, lowest, highest and latest value. */
export function describeChart(
  title: string,
  points: readonly ChartPoint[],
  formatValue: (v: number) => string,
): string {
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return `${title}: no checks in this period.`
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]))
  const when = `${points.length} ${points.length === 1 ? 'check' : 'checks'} from ${format(first.at, 'MMM d, HH:mm')} to ${format(last.at, 'MMM d, HH:mm')}`
  const missing = points.length - values.length
  const missed = missing > 0 ? ` ${missing} ${missing === 1 ? 'check' : 'checks'} measured nothing.` : ''
  if (values.length === 0) return `${title}: ${when}; none measured a value.`
  const latest = [...points].reverse().find((p) => p.value !== null)?.value ?? 0
  return `${title}: ${when}. Lowest ${formatValue(Math.min(...values))}, highest ${formatValue(Math.max(...values))}, latest ${formatValue(latest)}.${missed}`
}

/** The width of the element, followed as it changes (the chart is drawn at its real size, so text stays legible). */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** Half a label's width at 11 px, a little generously (digits and colons are about 6 px wide). */
const halfLabelWidth = (label: string) => label.length * 3.6

/**
 * A time label is centred under its tick, unless that would put it past an edge of the drawing:
 * then it ends (or starts) at its tick, so no label is cut off.
 */
export function tickAnchor(at: number, label: string, width: number): 'start' | 'middle' | 'end' {
  if (at + halfLabelWidth(label) > width) return 'end'
  if (at - halfLabelWidth(label) < 0) return 'start'
  return 'middle'
}

/**
 * The drawing's margins. The left one holds the value labels: at least 56 px (72 px when there is
 * room), and wider when the longest label needs it, so none is cut off.
 */
function chartBox(
  width: number,
  points: ValueChartProps['points'],
  formatValue: ValueChartProps['formatValue'],
  whole: boolean,
): ChartBox {
  const box: ChartBox = { width, height: HEIGHT, left: width < 400 ? 56 : 72, right: 12, top: 12, bottom: 28 }
  const longest = Math.max(0, ...chartGeometry(points, box, whole).yTicks.map((t) => formatValue(t.value).length))
  // The label ends 6 px left of the plot; 2 px more keep its first character off the edge.
  return { ...box, left: Math.max(box.left, Math.ceil(2 * halfLabelWidth('0'.repeat(longest))) + 8) }
}

export function ValueChart({
  title,
  points,
  formatValue,
  missingText = 'no value',
  noteHeader,
  whole = false,
  initialWidth = 640,
}: ValueChartProps) {
  const id = useId()
  const { ref, width } = useWidth(initialWidth)
  const box = chartBox(width, points, formatValue, whole)
  const geometry = chartGeometry(points, box, whole)
  const pattern = timeFormat(points)
  const description = describeChart(title, points, formatValue)
  const baseline = HEIGHT - box.bottom
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div ref={ref} className="w-full">
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">{description}</p>
        ) : (
          <svg
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            className="block max-w-full overflow-visible text-[11px]"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{description}</desc>
            <g>
              {geometry.yTicks.map((tick) => (
                <g key={tick.value}>
                  <line x1={box.left} x2={width - box.right} y1={tick.at} y2={tick.at} className="stroke-border" />
                  <text x={box.left - 6} y={tick.at} dy="0.32em" textAnchor="end" className="fill-muted-foreground">
                    {formatValue(tick.value)}
                  </text>
                </g>
              ))}
              {geometry.xTicks.map((tick) => {
                const label = format(new Date(tick.value), pattern)
                return (
                  <text
                    key={tick.value}
                    x={tick.at}
                    y={HEIGHT - 8}
                    textAnchor={tickAnchor(tick.at, label, width)}
                    className="fill-muted-foreground"
                  >
                    {label}
                  </text>
                )
              })}
              {geometry.segments.map((d) => (
                <path key={d} d={d} fill="none" strokeWidth={2} strokeLinejoin="round" className="stroke-accent" />
              ))}
              {geometry.dots.map((dot) => (
                <circle key={dot.point.at.getTime()} cx={dot.x} cy={dot.y} r={2.5} className="fill-accent" />
              ))}
              {geometry.gaps.map((x) => (
                <path
                  key={x}
                  d={`M${x - 4},${baseline + 6} L${x},${baseline - 2} L${x + 4},${baseline + 6} Z`}
                  className="fill-danger"
                />
              ))}
            </g>
          </svg>
        )}
      </div>
      {geometry.gaps.length > 0 && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            <path d="M1,9 L5,1 L9,9 Z" className="fill-danger" />
          </svg>
          A check that measured nothing ({missingText}).
        </p>
      )}
      {points.length > 0 && (
        <details className="text-sm">
          <summary className="focus-ring cursor-pointer rounded text-muted-foreground select-none hover:text-foreground">
            Show as table
          </summary>
          <section
            className="focus-ring mt-2 max-h-72 overflow-y-auto rounded"
            aria-label={`${title}: every check`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
          >
            <DataTable
              tone="card"
              caption={title}
              captionHidden
              columns={[
                {
                  header: 'Checked at',
                  rowHeader: true,
                  className: 'whitespace-nowrap',
                  cell: (p: ChartPoint) => format(p.at, 'MMM d, yyyy HH:mm'),
                },
                { header: title, cell: (p: ChartPoint) => (p.value === null ? missingText : formatValue(p.value)) },
                ...(noteHeader ? [{ header: noteHeader, cell: (p: ChartPoint) => p.note ?? '' }] : []),
              ]}
              rows={[...points].reverse()}
              rowKey={(p) => String(p.at.getTime())}
            />
          </section>
        </details>
      )}
    </figure>
  )
}
