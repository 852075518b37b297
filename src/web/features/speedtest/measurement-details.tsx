import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { formatMbps, formatMs } from './speed-view.ts'

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 1_000_000 ? 2 : 1)} MB`

function outcomeText(
  o: { status: 'measured' | 'ignored' | 'failed'; mbps?: number; error?: string },
  ignoredReason: string,
): string {
  if (o.status === 'measured' && o.mbps !== undefined) return `${formatMbps(o.mbps)} Mbps`
  if (o.status === 'ignored') return `ignored: ${ignoredReason}`
  return o.error ?? 'failed'
}

/** How each number came about: latency samples, download stages and upload transfers. */
export function MeasurementDetails({ report }: { report: SpeedTestReport }) {
  const { latency, download, upload } = report
  return (
    <details className="rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Measurement details</summary>
      <div className="mt-3 space-y-4">
        {latency && (
          <p>
            <span className="font-medium">Latency samples (ms): </span>
            <span className="tabular-nums">{latency.samples.map(formatMs).join(', ')}</span>
            {latency.failedSamples > 0 && <span className="text-danger"> · {latency.failedSamples} failed</span>}
          </p>
        )}
        <table className="w-full text-left">
          <caption className="mb-1 text-left font-medium">Download stages (best counts)</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className="py-1 font-medium">Size × connections</th>
              <th className="py-1 font-medium">Average time</th>
              <th className="py-1 font-medium">Result</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {download.stages.map((stage) => (
              <tr key={`${stage.bytes}-${stage.connections}`} className="border-t border-border">
                <td className="py-1">
                  {megabytes(stage.bytes)} × {stage.connections}
                </td>
                <td className="py-1">{stage.averageMs === undefined ? '–' : `${formatMs(stage.averageMs)} ms`}</td>
                <td className={['py-1', stage.status === 'failed' ? 'text-danger' : ''].join(' ')}>
                  {outcomeText(stage, '100 ms or less')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="w-full text-left">
          <caption className="mb-1 text-left font-medium">Upload transfers (best counts)</caption>
          <tbody className="tabular-nums">
            {upload.transfers.map((transfer) => (
              <tr key={transfer.bytes} className="border-t border-border">
                <td className="py-1">{megabytes(transfer.bytes)}</td>
                <td className="py-1">
                  {transfer.seconds === undefined ? '–' : `${formatMs(transfer.seconds * 1000)} ms`}
                </td>
                <td className={['py-1', transfer.status === 'failed' ? 'text-danger' : ''].join(' ')}>
                  {outcomeText(transfer, 'under 0.05 s')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
