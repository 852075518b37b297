// What the hop table shows: hops so far from the progress events, or the final result.

import { tracerouteHeader } from '../../../shared/tools/traceroute/lines.ts'
import {
  type TracerouteHop,
  type TracerouteResult,
  tracerouteProgress,
} from '../../../shared/tools/traceroute/schema.ts'

export interface TracerouteView {
  /** The product's "traceroute to ..." line, once the target is known. */
  header?: string
  /** Ordered by distance; a later event for a hop replaces the earlier one. */
  hops: TracerouteHop[]
  reached?: boolean
}

export function foldTracerouteProgress(events: unknown[]): TracerouteView {
  let header: string | undefined
  const hops = new Map<number, TracerouteHop>()
  for (const raw of events) {
    const parsed = tracerouteProgress.safeParse(raw)
    if (!parsed.success) continue
    if (parsed.data.type === 'start') header = tracerouteHeader(parsed.data)
    else hops.set(parsed.data.hop.hop, parsed.data.hop)
  }
  return { header, hops: [...hops.values()].sort((a, b) => a.hop - b.hop) }
}

/** The final result when the answer carries one, otherwise the hops streamed so far. */
export function tracerouteView(events: unknown[], result: TracerouteResult | undefined): TracerouteView {
  if (!result) return foldTracerouteProgress(events)
  return { header: tracerouteHeader(result), hops: result.hops, reached: result.reached }
}
