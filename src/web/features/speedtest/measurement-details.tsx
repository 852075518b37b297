import { type Column, DataTable } from '../../components/data-table.tsx'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import type { DirectionResult } from './engine/throughput.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 1_000_000 ? 2 : 1)} MB`

function windowText(d: DirectionResult): string {
  if (!d.window || d.mbps === null) return d.error ?? 'failed'
  const how = d.window.wholePhase
    ? 'the whole phase, warm-up included (the window after warm-up was too short)'
    : 'after the warm-up'
  return `${formatMbps(d.mbps)} Mbps: ${megabytes(d.window.bytes)} in ${formatMs(d.window.ms)} ms, ${how}`
}

const columns: Column<DirectionResult>[] = [
  { header: 'Direction', cell: (d) => d.direction, rowHeader: true, className: 'capitalize' },
  {
    header: 'Connections and transfers',
    cell: (d) => (
      <>
        {d.streams} connections, {d.rampTransfers} ramp + {d.transfers} transfers, largest{' '}
        {megabytes(d.largestTransfer)}
        {d.loaded && `, ${d.loaded.samples.length} latency probes`}
      </>
    ),
  },
  {
    header: 'Counted',
    cell: (d) => (
      <>
        {windowText(d)}
        {d.stoppedEarly && <span className="block text-danger">Stopped early: {d.stoppedEarly}</span>}
        {d.allowanceSpent && (
          <span className="block text-muted-foreground">
            The phase ended once it had asked for its share of the server&apos;s speed-test byte budget (a quarter of
            the budget per minute, so two whole tests fit).
          </span>
        )}
      </>
    ),
    className: (d) => (d.mbps === null ? 'text-danger' : ''),
  },
]

/** How each number came about: latency samples, and how each direction was measured. */
export function MeasurementDetails({ report }: { report: SpeedTestReport }) {
  const { latency, download, upload } = report
  return (
    <details className="rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Measurement details</summary>
      <div className="mt-3 space-y-4">
        {latency && (
          <p>
            <span className="font-medium">Idle latency samples (ms): </span>
            <span className="tabular-nums">{latency.samples.map(formatMs).join(', ')}</span>
            {latency.failedSamples > 0 && <span className="text-danger"> · {latency.failedSamples} failed</span>}
          </p>
        )}
        <DataTable
          caption="Throughput"
          tone="card"
          className="tabular-nums"
          columns={columns}
          rows={[download, upload]}
          rowKey={(d) => d.direction}
        />
      </div>
    </details>
  )
}
