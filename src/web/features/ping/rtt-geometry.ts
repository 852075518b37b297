// Layout of the round-trip chart: one slot per probe, bar heights on a rounded millisecond scale.
import type { PingReply } from '../../../shared/tools/ping/schema.ts'

// The left margin holds the scale label, up to eight characters ("0.050 ms", "2000 ms") at 9 px.
export const CHART = { width: 320, height: 120, left: 52, right: 8, top: 8, bottom: 18 } as const

export interface ChartBar {
  seq: number
  x: number
  width: number
  y: number
  height: number
  timeMs: number
}

export interface ChartMiss {
  seq: number
  /** Centre of the probe's slot. */
  x: number
  status: 'timeout' | 'error'
}

export interface ChartGeometry {
  bars: ChartBar[]
  misses: ChartMiss[]
  /** Top of the scale, a round number of ms at or above the slowest reply. */
  scaleMs: number
  slots: number
  /** x of the centre of each probe's slot, for its number under the axis. */
  slotCentres: number[]
}

/** 1, 2, 5 × a power of ten, at or above `value`. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10
  return step * power
}

export function chartGeometry(replies: PingReply[], count: number): ChartGeometry {
  const slots = Math.max(count, ...replies.map((r) => r.seq), 1)
  const plotWidth = CHART.width - CHART.left - CHART.right
  const plotHeight = CHART.height - CHART.top - CHART.bottom
  const slot = plotWidth / slots
  const answered = replies.filter((r) => r.status === 'reply' && r.timeMs !== undefined && !r.duplicate)
  const scaleMs = niceCeiling(Math.max(0, ...answered.map((r) => r.timeMs as number)))
  const bars = answered.map((r) => {
    const height = Math.max(1, ((r.timeMs as number) / scaleMs) * plotHeight)
    return {
      seq: r.seq,
      x: CHART.left + (r.seq - 1) * slot + slot * 0.2,
      width: slot * 0.6,
      y: CHART.top + plotHeight - height,
      height,
      timeMs: r.timeMs as number,
    }
  })
  const misses = replies
    .filter((r) => r.status !== 'reply')
    .filter((r) => !answered.some((a) => a.seq === r.seq))
    .map((r) => ({ seq: r.seq, x: CHART.left + (r.seq - 0.5) * slot, status: r.status as ChartMiss['status'] }))
  const slotCentres = Array.from({ length: slots }, (_, i) => CHART.left + (i + 0.5) * slot)
  return { bars, misses, scaleMs, slots, slotCentres }
}
