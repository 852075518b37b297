import { arcPoint, GAUGE_TICKS, gaugeFraction } from './gauge-scale.ts'
import { formatMbps } from './speed-view.ts'

const CX = 100
const CY = 100
const R = 80

function arcPath(fraction: number): string {
  const [x0, y0] = arcPoint(0, CX, CY, R)
  const [x1, y1] = arcPoint(fraction, CX, CY, R)
  return `M ${x0} ${y0} A ${R} ${R} 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)}`
}

const tickLabel = (mbps: number) => (mbps >= 1000 ? `${mbps / 1000}G` : String(mbps))

/** A half-circle gauge of the rate being measured right now. */
export function SpeedGauge({ mbps, label }: { mbps: number | undefined; label: string }) {
  const fraction = gaugeFraction(mbps ?? 0)
  return (
    <svg
      viewBox="0 0 200 120"
      className="mx-auto h-40 w-full max-w-xs"
      role="img"
      aria-label={`${label}: ${mbps === undefined ? 'waiting' : `${formatMbps(mbps)} Mbps`}`}
    >
      <path d={arcPath(1)} className="fill-none stroke-border" strokeWidth={12} strokeLinecap="round" />
      {fraction > 0 && (
        <path
          d={arcPath(fraction)}
          className="fill-none stroke-accent transition-all duration-200"
          strokeWidth={12}
          strokeLinecap="round"
        />
      )}
      {GAUGE_TICKS.map((tick) => {
        const [x, y] = arcPoint(gaugeFraction(tick), CX, CY, R - 20)
        return (
          <text key={tick} x={x} y={y + 3} textAnchor="middle" className="fill-muted-foreground text-[8px]">
            {tickLabel(tick)}
          </text>
        )
      })}
      <text x={CX} y={CY - 8} textAnchor="middle" className="fill-foreground text-[22px] font-semibold tabular-nums">
        {mbps === undefined ? '–' : formatMbps(mbps)}
      </text>
      <text x={CX} y={CY + 12} textAnchor="middle" className="fill-muted-foreground text-[9px]">
        {label} · Mbps
      </text>
    </svg>
  )
}
