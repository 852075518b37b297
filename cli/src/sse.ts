// Reads a server-sent event stream (a tool run's or a measurement's) as it arrives, with the one
// parser of src/shared/tool-stream.ts; the last event counts even without its closing blank line.
import { type StreamEvent, splitEvents } from '../../src/shared/tool-stream.ts'

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    const { events, rest } = splitEvents(buffer + decoder.decode(chunk, { stream: true }))
    buffer = rest
    yield* events
  }
  yield* splitEvents(`${buffer}${decoder.decode()}\n\n`).events
}
