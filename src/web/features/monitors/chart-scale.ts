// The arithmetic of the measured-value chart: value and time axes with round ticks, and the line
// through the checks, broken where a check measured nothing. Pure, so it is tested without a DOM.

export interface ChartPoint {
  /** When the check ran. */
  at: Date
  /** What it measured; null when it measured nothing (the check failed before a value). */
  value: number | null
  /** The check's verdict in words, for the table. */
  note?: string
}

export interface ChartBox {
  width: number
  height: number
  /** Room for the axis labels: left for values, bottom for times. */
  left: number
  bottom: number
  top: number
  right: number
}

export interface Tick {
  value: number
  /** Position along its axis, in SVG units. */
  at: number
}

export interface ChartGeometry {
  yTicks: Tick[]
  /** Times as epoch milliseconds. */
  xTicks: Tick[]
  /** One SVG path per run of consecutive measured checks. */
  segments: string[]
  /** Checks with a value, placed. */
  dots: { x: number; y: number; point: ChartPoint }[]
  /** x of every check that measured nothing. */
  gaps: number[]
}

/** A step of 1, 2 or 5 times a power of ten that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1
  const raw = span / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const fraction = raw / power
  const factor = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
  return factor * power
}

/**
 * The value axis: from 0 (or the lowest value when below 0) to a round number at or above the
 * highest; `whole` for counted values (days, listings), whose ticks are whole numbers.
 */
export function valueDomain(values: readonly number[], whole = false): { min: number; max: number; step: number } {
  const low = Math.min(0, ...values)
  const high = values.length === 0 ? 0 : Math.max(...values)
  const span = high - low || Math.abs(high) || 1
  const step = whole ? Math.max(1, Math.round(niceStep(span, 4))) : niceStep(span, 4)
  const min = Math.floor(low / step) * step
  const max = Math.max(Math.ceil(high / step) * step, min + step)
  return { min, max, step }
}

const HOUR = 3_600_000
const TIME_STEPS = [5 * 60_000, 15 * 60_000, 30 * 60_000, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 7 * 24 * HOUR]

/** Round times (5 min … 1 week apart) inside [from, to], about `count` of them. */
export function timeTicks(from: number, to: number, count: number): number[] {
  if (!(to > from)) return [from]
  const step = TIME_STEPS.find((s) => (to - from) / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1] ?? HOUR
  // Ticks on round local times: whole hours and days count from local midnight.
  const offset = new Date(from).getTimezoneOffset() * 60_000
  const first = Math.ceil((from - offset) / step) * step + offset
  const ticks: number[] = []
  for (let t = first; t <= to; t += step) ticks.push(t)
  return ticks
}

export function chartGeometry(points: readonly ChartPoint[], box: ChartBox, whole = false): ChartGeometry {
  const measured = points.flatMap((p) => (p.value === null ? [] : [p.value]))
  const domain = valueDomain(measured, whole)
  const times = points.map((p) => p.at.getTime())
  const from = Math.min(...times)
  const to = Math.max(...times)
  const plotWidth = box.width - box.left - box.right
  const plotHeight = box.height - box.top - box.bottom
  const x = (time: number) =>
    to > from ? box.left + ((time - from) / (to - from)) * plotWidth : box.left + plotWidth / 2
  const y = (value: number) => box.top + (1 - (value - domain.min) / (domain.max - domain.min)) * plotHeight
  const round = (n: number) => Math.round(n * 10) / 10

  const yTicks: Tick[] = []
  for (let v = domain.min; v <= domain.max + domain.step / 1e6; v += domain.step) {
    const value = Number(v.toPrecision(12))
    yTicks.push({ value, at: round(y(value)) })
  }
  // A period too short for two round times is labelled at its two ends.
  const times5 = points.length === 0 ? [] : timeTicks(from, to, 5)
  const xTimes = times5.length < 2 && to > from ? [from, to] : times5
  const xTicks = xTimes.map((t) => ({ value: t, at: round(x(t)) }))

  const segments: string[] = []
  const dots: ChartGeometry['dots'] = []
  const gaps: number[] = []
  let current: string[] = []
  for (const point of points) {
    const px = round(x(point.at.getTime()))
    if (point.value === null) {
      gaps.push(px)
      if (current.length > 0) segments.push(current.join(' '))
      current = []
      continue
    }
    const py = round(y(point.value))
    dots.push({ x: px, y: py, point })
    current.push(`${current.length === 0 ? 'M' : 'L'}${px},${py}`)
  }
  if (current.length > 0) segments.push(current.join(' '))
  return { yTicks, xTicks, segments, dots, gaps }
}
