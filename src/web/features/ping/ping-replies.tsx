import type { PingReply } from '../../../shared/tools/ping.ts'
import type { PingView } from './ping-live.ts'
import { RttChart } from './rtt-chart.tsx'

function statusText(reply: PingReply): string {
  if (reply.status === 'timeout') return 'no reply'
  return reply.detail ?? (reply.status === 'reply' ? 'reply' : 'error')
}

function ReplyRow({ reply }: { reply: PingReply }) {
  const tone = reply.status === 'reply' ? 'text-zinc-100' : 'text-red-400'
  return (
    <tr className={`border-t border-zinc-800 ${tone}`}>
      <td className="py-1 pr-4 tabular-nums">{reply.seq}</td>
      <td className="py-1 pr-4 break-all">{reply.from ?? '-'}</td>
      <td className="py-1 pr-4 tabular-nums">{reply.ttl ?? '-'}</td>
      <td className="py-1 pr-4 tabular-nums">{reply.timeMs === undefined ? '-' : `${reply.timeMs} ms`}</td>
      <td className="py-1">
        {statusText(reply)}
        {reply.duplicate ? ' (duplicate)' : ''}
      </td>
    </tr>
  )
}

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
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left font-mono text-[13px]">
            <thead className="font-sans text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Seq
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  From
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  TTL
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {view.replies.map((reply) => (
                <ReplyRow
                  key={`${reply.seq}-${reply.status}-${reply.timeMs ?? ''}-${reply.duplicate ? 'dup' : ''}`}
                  reply={reply}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
