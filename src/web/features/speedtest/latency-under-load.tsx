import type { SpeedTestResult } from '../../../shared/tools/speedtest.ts'
import { formatMs } from './speed-view.ts'

const cell = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${formatMs(value)} ms`

/** Idle, download and upload latency side by side, and the bufferbloat grade with its scale. */
export function LatencyUnderLoad({ result }: { result: SpeedTestResult }) {
  const rows = [
    { label: 'Idle', ping: result.ping, jitter: result.jitter, missing: result.errors.latency },
    {
      label: 'During download',
      ping: result.loaded?.download?.ping,
      jitter: result.loaded?.download?.jitter,
      missing: result.loaded?.download ? undefined : 'no probe answered',
    },
    {
      label: 'During upload',
      ping: result.loaded?.upload?.ping,
      jitter: result.loaded?.upload?.jitter,
      missing: result.loaded?.upload ? undefined : 'no probe answered',
    },
  ]
  const bloat = result.bufferbloat
  return (
    <section aria-labelledby="latency-under-load" className="rounded-xl border border-border p-3 text-sm">
      <h3 id="latency-under-load" className="font-medium">
        Latency under load
      </h3>
      <table className="mt-2 w-full text-left">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 font-medium">
              When
            </th>
            <th scope="col" className="py-1 font-medium">
              Latency
            </th>
            <th scope="col" className="py-1 font-medium">
              Jitter
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-border">
              <th scope="row" className="py-1 font-normal">
                {row.label}
              </th>
              <td className="py-1">
                {row.ping === null || row.ping === undefined ? `– (${row.missing ?? 'not measured'})` : cell(row.ping)}
              </td>
              <td className="py-1">{cell(row.jitter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2">
        {bloat ? (
          <>
            <span className="font-medium">Bufferbloat grade {bloat.grade}</span>: the round trip rose by{' '}
            {formatMs(bloat.addedMs)} ms under load.{' '}
            <span className="text-muted-foreground">Scale: {bloat.scale}.</span>
          </>
        ) : (
          <span className="text-muted-foreground">
            No bufferbloat grade: it needs the idle latency and the latency under load in at least one direction.
          </span>
        )}
      </p>
    </section>
  )
}
