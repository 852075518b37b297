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
        <table className="w-full text-left">
          <caption className="mb-1 text-left font-medium">Throughput</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Direction
              </th>
              <th scope="col" className="py-1 font-medium">
                Connections and transfers
              </th>
              <th scope="col" className="py-1 font-medium">
                Counted
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {[download, upload].map((d) => (
              <tr key={d.direction} className="border-t border-border align-top">
                <th scope="row" className="py-1 pr-2 font-normal capitalize">
                  {d.direction}
                </th>
                <td className="py-1 pr-2">
                  {d.streams} connections, {d.rampTransfers} ramp + {d.transfers} transfers, largest{' '}
                  {megabytes(d.largestTransfer)}
                  {d.loaded && `, ${d.loaded.samples.length} latency probes`}
                </td>
                <td className={['py-1', d.mbps === null ? 'text-danger' : ''].join(' ')}>
                  {windowText(d)}
                  {d.stoppedEarly && <span className="block text-danger">Stopped early: {d.stoppedEarly}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
