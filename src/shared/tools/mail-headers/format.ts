// Words shared by the text lines and the web view of the email header analyzer.
import type { Hop } from './schema.ts'

/** 75 → "1 min 15 s"; 3 → "3 s"; 7384 → "2 h 3 min 4 s". */
export function formatDuration(seconds: number): string {
  const total = Math.round(Math.abs(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', s || (!h && !m) ? `${s} s` : ''].filter(Boolean)
  return `${seconds < 0 ? '−' : ''}${parts.join(' ')}`
}

/** The delay column: a negative delay is a disagreement between clocks, never a delay. */
export function delayText(hop: Pick<Hop, 'delaySeconds' | 'number'>): string {
  if (hop.delaySeconds === undefined) return hop.number === 1 ? '—' : 'unknown'
  if (hop.delaySeconds < 0) return `clock skew (${formatDuration(hop.delaySeconds)})`
  return formatDuration(hop.delaySeconds)
}

/** "mx-out.example.org (mx-out.example.org. [216.218.240.121])" shortened to what was stated. */
export function fromText(hop: Pick<Hop, 'fromName' | 'fromHost' | 'fromAddress'>): string {
  const host = hop.fromHost && hop.fromHost !== hop.fromName ? hop.fromHost : undefined
  const inner = [host, hop.fromAddress ? `[${hop.fromAddress}]` : undefined].filter(Boolean).join(' ')
  const text = [hop.fromName, inner ? `(${inner})` : undefined].filter(Boolean).join(' ')
  return text || '—'
}

/** "2018-03-28T22:01:17.000Z" → "2018-03-28 22:01:17 UTC"; the date problem otherwise. */
export function timeText(hop: Pick<Hop, 'time' | 'dateProblem'>): string {
  if (hop.time) return `${hop.time.slice(0, 10)} ${hop.time.slice(11, 19)} UTC`
  return hop.dateProblem === 'unparsable' ? 'unparsable date' : 'no date'
}
