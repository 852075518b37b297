// What the ping view shows: the replies so far from the progress events, or the final result.
import { type PingReply, type PingResult, type PingSummary, pingProgress } from '../../../shared/tools/ping/schema.ts'

export interface PingView {
  host?: string
  address?: string
  mode?: PingResult['mode']
  port?: number
  /** Probes announced (the chart's width). */
  count: number
  /** One per probe, in sequence order; a later event for the same probe replaces an earlier one. */
  replies: PingReply[]
  summary?: PingSummary
}

export function foldPingProgress(events: unknown[]): PingView {
  const view: PingView = { count: 0, replies: [] }
  for (const raw of events) {
    const parsed = pingProgress.safeParse(raw)
    if (!parsed.success) continue
    const event = parsed.data
    if (event.type === 'start') {
      Object.assign(view, {
        host: event.host,
        address: event.address,
        mode: event.mode,
        port: event.port,
        count: event.count,
        replies: [],
      })
      continue
    }
    const at = event.reply.duplicate ? -1 : view.replies.findIndex((r) => r.seq === event.reply.seq && !r.duplicate)
    if (at === -1) view.replies.push(event.reply)
    else view.replies[at] = event.reply
  }
  view.replies.sort((a, b) => a.seq - b.seq)
  return view
}

/** The final result when the answer carries one, otherwise the replies streamed so far. */
export function pingView(events: unknown[], r: PingResult | undefined): PingView {
  if (!r) return foldPingProgress(events)
  return {
    host: r.host,
    address: r.address,
    mode: r.mode,
    port: r.port,
    count: r.summary.sent,
    replies: r.replies,
    summary: r.summary,
  }
}
