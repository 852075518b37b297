// Server-sent events as our API writes them: "event: name" and "data: json" lines, blank-line separated.
export interface SseEvent {
  name: string
  data: string
}

/** Complete events in `buffer`, and the unfinished tail to keep for the next chunk. */
export function parseSseEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  const events = blocks.flatMap((block) => {
    let name = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
    }
    return data.length > 0 ? [{ name, data: data.join('\n') }] : []
  })
  return { events, rest }
}
