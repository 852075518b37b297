// The tool stream: POST /api/tools/:id asked for `text/event-stream` answers with server-sent events
// (the HTML "server-sent events" format: `event:` and `data:` lines, a blank line after each event).
// A run that waits for a free slot gets `queue` events with its place in line, then `progress`
// events as the diagnostic reports them, then one `result` event with the answer; a refusal after
// the stream began, a fault or a shutdown is one `error` event ({ error: { type, message } }) instead.
// The server writes them with `formatStreamEvent`; the web app and the CLI read them with
// `splitEvents`, which also reads the measurements' event stream.
import { z } from 'zod'

/** The names of the tool stream's events, in the order a run sends them. */
export const TOOL_STREAM_EVENTS = ['queue', 'progress', 'result', 'error'] as const
export type ToolStreamEventName = (typeof TOOL_STREAM_EVENTS)[number]

/** The data of a `queue` event: a run's place in line and roughly how long it will wait. */
export const queuePlace = z.object({
  /** 1 for the next run to start. */
  position: z.number().int().positive(),
  /** From the recent mean duration of the tool's runs. */
  estimatedWaitMs: z.number().nonnegative(),
})
export type QueuePlace = z.infer<typeof queuePlace>

/** One event as read: its name ("message" when it has none) and its data parsed as JSON. */
export interface StreamEvent {
  name: string
  data: unknown
}

/** One event as written: the data is one line of JSON, so a reader never needs to join lines. */
export function formatStreamEvent(name: ToolStreamEventName, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`
}

function parseBlock(block: string): StreamEvent | undefined {
  let name = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    // "field: value": one space after the colon belongs to the syntax, not to the value.
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const value = line.slice(colon + 1).replace(/^ /, '')
    const field = line.slice(0, colon)
    if (field === 'event') name = value
    else if (field === 'data') data.push(value)
  }
  if (data.length === 0) return undefined
  try {
    return { name, data: JSON.parse(data.join('\n')) }
  } catch {
    // Data that is not JSON is not one of ours: the event is left out.
    return undefined
  }
}

/**
 * Splits received text into its complete events and the unfinished rest, which goes in front of the
 * next chunk. CRLF line ends are read as LF; comments (": keep-alive"), events without data and events
 * whose data is not JSON are left out; events of other names are returned for the caller to ignore.
 */
export function splitEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.replaceAll('\r\n', '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  const events = blocks.map(parseBlock).filter((event) => event !== undefined)
  return { events, rest }
}
