import type { PingReply } from '../../../shared/tools/ping/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import type { PingView } from './ping-live.ts'
import { RttChart } from './rtt-chart.tsx'

function statusText(reply: PingReply): string {
  if (reply.status === 'timeout') return 'no reply'
  return reply.detail ?? (reply.status === 'reply' ? 'reply' : 'error')
}

const columns: Column<PingReply>[] = [
  { header: 'Seq', cell: (reply) => reply.seq, className: 'tabular-nums' },
  { header: 'From', cell: (reply) => reply.from ?? '-', className: 'break-all' },
  { header: 'TTL', cell: (reply) => reply.ttl ?? '-', className: 'tabular-nums' },
  {
    header: 'Time',
    cell: (reply) => (reply.timeMs === undefined ? '-' : `${reply.timeMs} ms`),
    className: 'tabular-nums',
  },
  { header: 'Status', cell: (reply) => `${statusText(reply)}${reply.duplicate ? ' (duplicate)' : ''}` },
]

/** The chart and one row per probe, filling in as replies stream in. */
export function PingReplies({ view }: { view: PingView }) {
  const s = view.summary
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4 font-sans text-sm" aria-label="Ping replies">
      {view.address && (
        <h3 className="text-zinc-300">
          {view.mode === 'tcp' ? `TCP port ${view.port} on ` : ''}
          <span className="font-mono text-zinc-100">{view.host}</span>
          {view.host !== view.address && <span className="font-mono"> ({view.address})</span>}
        </h3>
      )}
      <RttChart replies={view.replies} count={view.count} />
      {s && (
        <p className="text-zinc-300">
          {s.received}/{s.sent} received · {s.lossPercent}% loss
          {s.avgMs !== null && ` · min/avg/max ${s.minMs}/${s.avgMs}/${s.maxMs} ms`}
        </p>
      )}
      {view.replies.length > 0 && (
        <DataTable
          caption="Replies"
          captionHidden
          className="font-mono text-[13px]"
          columns={columns}
          rows={view.replies}
          rowKey={(reply) => `${reply.seq}-${reply.status}-${reply.timeMs ?? ''}-${reply.duplicate ? 'dup' : ''}`}
          rowClassName={(reply) => (reply.status === 'reply' ? 'text-zinc-100' : 'text-red-400')}
        />
      )}
    </section>
  )
}
