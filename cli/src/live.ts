// Progress events of a streamed run, turned into text as they arrive: lines of the final answer
// that can be printed early (ping's replies, traceroute's header) go to stdout; other news (a place
// in the queue, a stage reached) is a status for stderr.
import type { ToolId } from '../../src/shared/catalogue.ts'
import { queuePlace, type StreamEvent } from '../../src/shared/tool-stream.ts'

import { blacklistProgress } from '../../src/shared/tools/blacklist/schema.ts'

import { pingReplyLine } from '../../src/shared/tools/ping/lines.ts'

import { pingProgress } from '../../src/shared/tools/ping/schema.ts'

import { tracerouteHeader } from '../../src/shared/tools/traceroute/lines.ts'

import { tracerouteProgress } from '../../src/shared/tools/traceroute/schema.ts'

export interface LiveText {
  lines: string[]
  status?: string
}

/** The header the ping answer starts with, known as soon as the run starts. */
function pingHeader(start: { host: string; address: string; family: 4 | 6; mode: string; port?: number }): string {
  if (start.mode === 'tcp') return `TCP PING ${start.host} (${start.address}) port ${start.port}`
  if (start.family === 6) return `PING ${start.host}(${start.address}) 56 data bytes`
  return `PING ${start.host} (${start.address}) 56(84) bytes of data.`
}

export function createLiveRenderer(tool: ToolId): (event: StreamEvent) => LiveText {
  let ping: { mode: 'icmp' | 'tcp'; port?: number } | undefined
  return (event) => {
    if (event.name === 'queue') {
      const place = queuePlace.safeParse(event.data)
      return { lines: [], status: `waiting in line${place.success ? ` (place ${place.data.position})` : ''}` }
    }
    if (event.name !== 'progress') return { lines: [] }
    if (tool === 'ping') {
      const parsed = pingProgress.safeParse(event.data)
      if (!parsed.success) return { lines: [] }
      if (parsed.data.type === 'start') {
        ping = { mode: parsed.data.mode, port: parsed.data.port }
        return { lines: [pingHeader(parsed.data)] }
      }
      return { lines: ping ? [pingReplyLine(parsed.data.reply, ping)] : [] }
    }
    if (tool === 'traceroute') {
      const parsed = tracerouteProgress.safeParse(event.data)
      if (!parsed.success) return { lines: [] }
      if (parsed.data.type === 'start') return { lines: [tracerouteHeader(parsed.data)] }
      const hop = parsed.data.hop
      return { lines: [], status: `hop ${hop.hop}: ${hop.address ?? '*'}` }
    }
    if (tool === 'blacklist' || tool === 'abuse') {
      const parsed = blacklistProgress.safeParse(event.data)
      return { lines: [], status: parsed.success ? `${parsed.data.done}/${parsed.data.total} lists` : undefined }
    }
    const stage = (event.data as { stage?: unknown }).stage
    return { lines: [], status: typeof stage === 'string' ? stage : undefined }
  }
}

/**
 * The answer's lines that were not printed yet, in order: each line printed early is skipped once.
 * (A line that changed since, such as a ping header after a fall back to TCP, is printed again.)
 */
export function remainingLines(lines: readonly string[], printed: readonly string[]): string[] {
  const pending = new Map<string, number>()
  for (const line of printed) pending.set(line, (pending.get(line) ?? 0) + 1)
  return lines.filter((line) => {
    const count = pending.get(line) ?? 0
    if (count === 0) return true
    pending.set(line, count - 1)
    return false
  })
}
