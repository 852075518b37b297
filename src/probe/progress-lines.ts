// The lines a probe streams while a task runs, made from the tool's progress events in the layout of
// the tool's own text (src/shared/tools/<id>/lines.ts): ping's header then a line per reply,
// traceroute's header and column heading then a line per hop in order, each hop once, as soon as it
// answered or a later hop did. Tools without progress events stream nothing.
import type { MeasurementToolId } from '../shared/measurements.ts'
import { pingReplyLine } from '../shared/tools/ping/lines.ts'
import { type PingProgress, pingProgress } from '../shared/tools/ping/schema.ts'
import { tracerouteHeader, tracerouteHopLine } from '../shared/tools/traceroute/lines.ts'
import { type TracerouteHop, tracerouteProgress } from '../shared/tools/traceroute/schema.ts'

/** Turns one progress event into the lines it adds (none for an event that adds nothing). */
export type ProgressLines = (progress: unknown) => string[]

const TRACEROUTE_HEADING = `${'    Host'.padEnd(44)}  Loss%  Snt    Last     Avg    Best    Wrst   StDev`

function pingLines(): ProgressLines {
  let start: Extract<PingProgress, { type: 'start' }> | undefined
  return (raw) => {
    const parsed = pingProgress.safeParse(raw)
    if (!parsed.success) return []
    const event = parsed.data
    if (event.type === 'start') {
      start = event
      return [
        event.mode === 'tcp'
          ? `TCP PING ${event.host} (${event.address}) port ${event.port}`
          : `PING ${event.host} (${event.address})`,
      ]
    }
    return start ? [pingReplyLine(event.reply, start)] : []
  }
}

function tracerouteLines(): ProgressLines {
  const latest = new Map<number, TracerouteHop>()
  let shown = 0
  return (raw) => {
    const parsed = tracerouteProgress.safeParse(raw)
    if (!parsed.success) return []
    const event = parsed.data
    if (event.type === 'start') return [tracerouteHeader(event), TRACEROUTE_HEADING]
    latest.set(event.hop.hop, event.hop)
    if (event.hop.received === 0 || event.hop.hop <= shown) return []
    // This hop answered: it and the silent hops before it are shown as they stand.
    const lines: string[] = []
    for (let hop = shown + 1; hop <= event.hop.hop; hop += 1) {
      const known = latest.get(hop)
      lines.push(tracerouteHopLine(known ?? silentHop(hop)))
    }
    shown = event.hop.hop
    return lines
  }
}

function silentHop(hop: number): TracerouteHop {
  const none = { lastMs: null, avgMs: null, bestMs: null, worstMs: null, stdevMs: null }
  return { hop, address: null, otherAddresses: [], sent: 0, received: 0, lossPercent: 100, ...none }
}

const STREAMING: Partial<Record<MeasurementToolId, () => ProgressLines>> = {
  ping: pingLines,
  traceroute: tracerouteLines,
}

/** The line maker of one run of `tool`, or undefined when the tool streams no lines. */
export function progressLinesOf(tool: MeasurementToolId): ProgressLines | undefined {
  return STREAMING[tool]?.()
}
