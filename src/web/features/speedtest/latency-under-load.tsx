import type { SpeedTestResult } from '../../../shared/tools/speedtest/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { formatMs } from './speed-view.ts'

const cell = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${formatMs(value)} ms`

interface LatencyRow {
  label: string
  ping: number | null | undefined
  jitter: number | null | undefined
  missing: string | undefined
}

const columns: Column<LatencyRow>[] = [
  { header: 'When', cell: (row) => row.label, rowHeader: true },
  {
    header: 'Latency',
    cell: (row) =>
      row.ping === null || row.ping === undefined ? `– (${row.missing ?? 'not measured'})` : cell(row.ping),
  },
  { header: 'Jitter', cell: (row) => cell(row.jitter) },
]

/** Idle, download and upload latency side by side, and the bufferbloat grade with its scale. */
export function LatencyUnderLoad({ result }: { result: SpeedTestResult }) {
  const rows: LatencyRow[] = [
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
      <div className="mt-2">
        <DataTable
          caption="Latency under load"
          captionHidden
          tone="card"
          className="tabular-nums"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.label}
        />
      </div>
      <p className="mt-2">
        {bloat ? (
          <>
            <span className="font-medium">Bufferbloat grade {bloat.grade}</span>: the round trip rose by{' '}
            {formatMs(bloat.addedMs)} ms under load.{' '}
            <span className="text-muted-foreground">Scale: {bloat.scale}.</span>
          </>
        ) : (
          <span className="text-muted-foreground">
            No bufferbloat grade: it needs the idle latency and the latency under load in at least one direction that
            ran to its end.
          </span>
        )}
      </p>
    </section>
  )
}
