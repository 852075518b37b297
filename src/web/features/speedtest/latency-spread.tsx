// The spread of the round trips in each phase: minimum, quartiles, median and 90th percentile, and
// the latency requests that failed or timed out (which are not packet loss).
import type { LatencyRequestCount, LatencySpread, SpeedTestResult } from '../../../shared/tools/speedtest/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { formatMs } from './speed-view.ts'

interface SpreadRow {
  label: string
  spread: LatencySpread | null | undefined
  requests: LatencyRequestCount | null | undefined
}

const figure = (pick: (s: LatencySpread) => number) => (row: SpreadRow) =>
  row.spread ? formatMs(pick(row.spread)) : '–'

const columns: Column<SpreadRow>[] = [
  { header: 'Phase', cell: (row) => row.label, rowHeader: true },
  { header: 'Min', cell: figure((s) => s.min) },
  { header: 'p25', cell: figure((s) => s.p25) },
  { header: 'Median', cell: figure((s) => s.median) },
  { header: 'p75', cell: figure((s) => s.p75) },
  { header: 'p90', cell: figure((s) => s.p90) },
]

function requestsText(row: SpreadRow): string {
  const { requests } = row
  if (!requests) return `${row.label}: none sent`
  const timedOut = requests.timedOut > 0 ? `, ${requests.timedOut} timed out` : ''
  return `${row.label}: ${requests.failed} of ${requests.sent} failed${timedOut}`
}

/** Nothing for a result without the spread (a test saved before it was measured). */
export function LatencySpreadTable({ result }: { result: SpeedTestResult }) {
  const { percentiles, latencyRequests } = result
  if (!percentiles) return null
  const rows: SpreadRow[] = [
    { label: 'Idle', spread: percentiles.idle, requests: latencyRequests?.idle },
    { label: 'Download', spread: percentiles.download, requests: latencyRequests?.download },
    { label: 'Upload', spread: percentiles.upload, requests: latencyRequests?.upload },
  ]
  const failures = rows.some((row) => row.requests && row.requests.failed + row.requests.timedOut > 0)
  return (
    <section aria-labelledby="latency-spread" className="rounded-xl border border-border p-3 text-sm">
      <h3 id="latency-spread" className="font-medium">
        Latency spread (ms)
      </h3>
      <p className="mt-1 text-muted-foreground">
        Round trips sorted from fastest to slowest: p25 is slower than a quarter of them, p90 than nine in ten.
      </p>
      <div className="mt-2">
        <DataTable
          caption="Latency spread in milliseconds, by phase"
          captionHidden
          tone="card"
          density="compact"
          className="tabular-nums text-xs sm:text-sm"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.label}
        />
      </div>
      <p className={failures ? 'mt-2 text-danger' : 'mt-2 text-muted-foreground'}>
        <span className="font-medium">Latency requests that failed: </span>
        {rows.map(requestsText).join('; ')}. A failed request is not a lost packet.
      </p>
    </section>
  )
}
