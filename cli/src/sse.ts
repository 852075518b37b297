// A reader of server-sent events (`event:` and `data:` fields, blank line between events), enough
// for the tool streams of POST /api/tools/:id.

export interface ServerSentEvent {
  name: string
  data: unknown
}

function parseBlock(block: string): ServerSentEvent | undefined {
  let name = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  if (data.length === 0) return undefined
  const text = data.join('\n')
  try {
    return { name, data: JSON.parse(text) }
  } catch {
    return { name, data: text }
  }
}

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n')
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = parseBlock(buffer.slice(0, end))
      buffer = buffer.slice(end + 2)
      if (event) yield event
    }
  }
  const last = parseBlock(buffer)
  if (last) yield last
}
