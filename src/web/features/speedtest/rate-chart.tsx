import type { RatePoint } from './speed-view.ts'
import { formatMbps } from './speed-view.ts'

const W = 320
const H = 90
const PAD = 4

/** Each reading at its place in time order (download first, then upload), scaled to the peak. */
function pointsOf(rates: RatePoint[], phase: RatePoint['phase'], max: number): string {
  const step = (W - 2 * PAD) / Math.max(rates.length - 1, 1)
  return rates
    .flatMap((r, i) =>
      r.phase === phase
        ? [`${(PAD + i * step).toFixed(1)},${(H - PAD - (r.mbps / max) * (H - 2 * PAD)).toFixed(1)}`]
        : [],
    )
    .join(' ')
}

/** The live rate over the test: download, then upload, left to right. */
export function RateChart({ rates }: { rates: RatePoint[] }) {
  if (rates.length < 2) return null
  const max = Math.max(...rates.map((r) => r.mbps), 1)
  return (
    <figure className="rounded-xl border border-border p-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-24 w-full"
        role="img"
        aria-label={`Rate during the test, peak ${formatMbps(max)} Mbps`}
      >
        <line
          x1={PAD}
          x2={W - PAD}
          y1={H - PAD}
          y2={H - PAD}
          className="stroke-border"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={pointsOf(rates, 'download', max)}
          className="fill-none stroke-accent"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={pointsOf(rates, 'upload', max)}
          className="fill-none stroke-violet-500"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-accent" aria-hidden="true" />
          Download
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-violet-500" aria-hidden="true" />
          Upload
        </span>
        <span className="ml-auto">peak {formatMbps(max)} Mbps</span>
      </figcaption>
    </figure>
  )
}
