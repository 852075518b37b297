// Bufferbloat: how much the round trip grows when the link is loaded. The rise is the larger of the
// download and upload phases' median round trips minus the idle median; the grade follows
// BUFFERBLOAT_GRADES, whose bounds the result carries so that it says what its grade means.
import { BUFFERBLOAT_GRADES } from './constants.ts'

export type BufferbloatGrade = (typeof BUFFERBLOAT_GRADES)[number]['grade'] | 'F'

export interface Bufferbloat {
  grade: BufferbloatGrade
  /** Median round trip under load minus the idle median, in ms (the worse direction). */
  addedMs: number
  /** The direction whose load raised the round trip most. */
  worst: 'download' | 'upload'
}

export function gradeFor(addedMs: number): BufferbloatGrade {
  return BUFFERBLOAT_GRADES.find((g) => addedMs < g.belowMs)?.grade ?? 'F'
}

/** "A+ under 5 ms, A under 30 ms, …, F from 400 ms": the scale, as the result shows it. */
export function gradeScale(): string {
  const last = BUFFERBLOAT_GRADES[BUFFERBLOAT_GRADES.length - 1]
  return [...BUFFERBLOAT_GRADES.map((g) => `${g.grade} under ${g.belowMs} ms`), `F from ${last?.belowMs ?? 0} ms`].join(
    ', ',
  )
}

/** null when the idle round trip or both loaded ones are missing: nothing to compare. */
export function assessBufferbloat(
  idlePing: number | null,
  loaded: { download: number | null; upload: number | null },
): Bufferbloat | null {
  if (idlePing === null) return null
  const candidates = (['download', 'upload'] as const).flatMap((direction) => {
    const ping = loaded[direction]
    return ping === null ? [] : [{ direction, added: Math.max(0, ping - idlePing) }]
  })
  if (candidates.length === 0) return null
  const worst = candidates.reduce((a, b) => (b.added > a.added ? b : a))
  return { grade: gradeFor(worst.added), addedMs: worst.added, worst: worst.direction }
}
