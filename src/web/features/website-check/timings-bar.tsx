import type { HopTimings } from '../../../shared/tools/website-check/schema.ts'
import { type TimingSegment, timingSegments } from './timing-segments.ts'

const COLORS: Record<TimingSegment['phase'], string> = {
  dns: 'bg-sky-500',
  connect: 'bg-amber-500',
  tls: 'bg-violet-500',
  wait: 'bg-emerald-500',
  download: 'bg-zinc-400',
}

/** One hop's phases as a bar; `scaleMs` is the longest hop, so bars of a chain compare. */
export function TimingsBar({ timings, scaleMs }: { timings: HopTimings; scaleMs: number }) {
  const segments = timingSegments(timings)
  const summary = segments.map((s) => `${s.label} ${s.ms} ms`).join(', ')
  return (
    <div
      className="flex h-2 w-40 overflow-hidden rounded-full bg-zinc-800"
      role="img"
      aria-label={summary || 'no timings'}
      title={summary}
    >
      {segments.map((segment) => (
        <span
          key={segment.phase}
          className={COLORS[segment.phase]}
          style={{ width: `${(segment.ms / Math.max(1, scaleMs)) * 100}%` }}
        />
      ))}
    </div>
  )
}

export function TimingsKey() {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 font-sans text-xs text-zinc-400">
      {(Object.keys(COLORS) as TimingSegment['phase'][]).map((phase) => (
        <li key={phase} className="flex items-center gap-1">
          <span className={`size-2 rounded-full ${COLORS[phase]}`} aria-hidden="true" />
          {phase === 'wait' ? 'first byte' : phase}
        </li>
      ))}
    </ul>
  )
}
