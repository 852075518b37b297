import type { PingReply } from '../../../shared/tools/ping/schema.ts'
import { CHART, chartGeometry } from './rtt-geometry.ts'

const formatMs = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toPrecision(2))

/** Round-trip time per probe: a bar per reply, a red cross for a probe that got none. */
export function RttChart({ replies, count }: { replies: PingReply[]; count: number }) {
  const g = chartGeometry(replies, count)
  const baseline = CHART.height - CHART.bottom
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      preserveAspectRatio="xMinYMid meet"
      className="h-32 w-full max-w-xl font-sans"
      role="img"
      aria-label={`Round-trip time per probe, scale 0 to ${formatMs(g.scaleMs)} ms`}
    >
      <line x1={CHART.left} x2={CHART.width - CHART.right} y1={baseline} y2={baseline} className="stroke-zinc-600" />
      <line
        x1={CHART.left}
        x2={CHART.width - CHART.right}
        y1={CHART.top}
        y2={CHART.top}
        className="stroke-zinc-800"
        strokeDasharray="2 3"
      />
      <text x={CHART.left - 4} y={CHART.top + 4} textAnchor="end" className="fill-zinc-400 text-[9px]">
        {formatMs(g.scaleMs)} ms
      </text>
      <text x={CHART.left - 4} y={baseline} textAnchor="end" className="fill-zinc-400 text-[9px]">
        0
      </text>
      {g.bars.map((bar) => (
        <rect
          key={`b${bar.seq}`}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          rx={1.5}
          className="fill-emerald-400"
        >
          <title>{`#${bar.seq}: ${bar.timeMs} ms`}</title>
        </rect>
      ))}
      {g.misses.map((miss) => (
        <text
          key={`m${miss.seq}`}
          x={miss.x}
          y={baseline - 3}
          textAnchor="middle"
          className="fill-red-400 text-[11px] font-bold"
        >
          ×<title>{`#${miss.seq}: ${miss.status === 'timeout' ? 'no reply' : 'error'}`}</title>
        </text>
      ))}
      {g.slotCentres.map((x, index) => (
        <text key={x} x={x} y={CHART.height - 4} textAnchor="middle" className="fill-zinc-500 text-[9px]">
          {index + 1}
        </text>
      ))}
    </svg>
  )
}
