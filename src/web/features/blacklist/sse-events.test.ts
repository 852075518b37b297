import { describe, expect, it } from 'vitest'
import { parseSseEvents } from './sse-events.ts'

describe('parseSseEvents()', () => {
  it('returns complete events and keeps an unfinished one for the next chunk', () => {
    const { events, rest } = parseSseEvents('event: progress\ndata: {"done":1}\n\nevent: result\ndata: {"st')
    expect(events).toEqual([{ name: 'progress', data: '{"done":1}' }])
    expect(rest).toBe('event: result\ndata: {"st')
    expect(parseSseEvents(`${rest}atus":"ok"}\n\n`).events).toEqual([{ name: 'result', data: '{"status":"ok"}' }])
  })

  it('reads CRLF line endings and ignores blocks without data', () => {
    expect(parseSseEvents(': keep-alive\r\n\r\nevent: error\r\ndata: {}\r\n\r\n').events).toEqual([
      { name: 'error', data: '{}' },
    ])
  })
})
