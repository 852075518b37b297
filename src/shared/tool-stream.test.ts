import { describe, expect, it } from 'vitest'
import { formatStreamEvent, queuePlace, type StreamEvent, splitEvents } from './tool-stream.ts'

/** Feeds `text` to splitEvents in the given chunks, as a reader does, and returns every event. */
function readInChunks(chunks: string[]): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = []
  let buffer = ''
  for (const chunk of chunks) {
    const split = splitEvents(buffer + chunk)
    events.push(...split.events)
    buffer = split.rest
  }
  return { events, rest: buffer }
}

describe('splitEvents()', () => {
  it('reads what formatStreamEvent writes, and keeps an unfinished event for the next chunk', () => {
    const { events, rest } = splitEvents(`${formatStreamEvent('progress', { n: 1 })}event: result\ndata: {"n"`)
    expect(events).toEqual([{ name: 'progress', data: { n: 1 } }])
    expect(rest).toBe('event: result\ndata: {"n"')
  })

  it('gives the same events however the text is cut into chunks, CRLF split between chunks included', () => {
    const text = `${formatStreamEvent('queue', { position: 2, estimatedWaitMs: 900 })}: keep-alive\r\n\r\nevent: progress\r\ndata: {"hop":1}\r\n\r\n${formatStreamEvent('result', { status: 'ok' })}`
    const whole = readInChunks([text])
    expect(whole.events.map((event) => event.name)).toEqual(['queue', 'progress', 'result'])
    expect(whole.rest).toBe('')
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(readInChunks([text.slice(0, cut), text.slice(cut)])).toEqual(whole)
    }
    expect(readInChunks(text.split(''))).toEqual(whole)
  })

  it('joins the data lines of one event with a newline, and takes one space after the colon as syntax', () => {
    const { events } = splitEvents('event: result\ndata: {"text":\ndata:  "a b"}\n\nevent:progress\ndata:[1]\n\n')
    expect(events).toEqual([
      { name: 'result', data: { text: 'a b' } },
      { name: 'progress', data: [1] },
    ])
  })

  it('returns events of other names for the caller to ignore, and names an unnamed event "message"', () => {
    const { events } = splitEvents('event: hello\ndata: {"a":1}\n\nid: 7\ndata: 2\n\n')
    expect(events).toEqual([
      { name: 'hello', data: { a: 1 } },
      { name: 'message', data: 2 },
    ])
  })

  it('leaves out comments, events without data and data that is not JSON', () => {
    const { events } = splitEvents(
      ': ping\n\nevent: progress\n\nevent: result\ndata: <html>\n\nevent: error\ndata: {}\n\n',
    )
    expect(events).toEqual([{ name: 'error', data: {} }])
  })
})

describe('queuePlace', () => {
  it('accepts a place in line and refuses what is not one', () => {
    expect(queuePlace.safeParse({ position: 3, estimatedWaitMs: 20_000 }).success).toBe(true)
    expect(queuePlace.safeParse({ position: '2', estimatedWaitMs: 0 }).success).toBe(false)
    expect(queuePlace.safeParse({ position: 0, estimatedWaitMs: 0 }).success).toBe(false)
    expect(queuePlace.safeParse({ position: 1 }).success).toBe(false)
    expect(queuePlace.safeParse(null).success).toBe(false)
  })
})
