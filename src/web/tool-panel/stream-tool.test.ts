import { afterEach, describe, expect, it, vi } from 'vitest'
import { streamTool } from './stream-tool.ts'
import { ToolFailure } from './tool-outcome.ts'

const answer = {
  tool: 'ping',
  input: 'srv.lab.test',
  status: 'ok',
  result: { sent: 1 },
  lines: ['1 packets'],
  durationMs: 5,
}
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

/** A response whose body arrives in the given pieces. */
function serverStreams(pieces: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece))
      controller.close()
    },
  })
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('streamTool()', () => {
  it('hands over places in line, and ignores events of other names and a queue event that is no place', async () => {
    serverStreams([
      event('queue', { position: 2, estimatedWaitMs: 3000 }),
      event('queue', { position: 'first' }),
      event('hello', { type: 'start' }),
      event('queue', { position: 1, estimatedWaitMs: 0 }),
      event('result', answer),
    ])
    const places: unknown[] = []
    const progress: unknown[] = []
    await expect(
      streamTool(
        'ping',
        { input: 'srv.lab.test' },
        { onProgress: (p) => progress.push(p), onQueue: (place) => places.push(place) },
      ),
    ).resolves.toEqual(answer)
    expect(places).toEqual([
      { position: 2, estimatedWaitMs: 3000 },
      { position: 1, estimatedWaitMs: 0 },
    ])
    expect(progress).toEqual([])
  })

  it('asks for an event stream and hands over each progress event, even one split across pieces', async () => {
    const whole =
      event('progress', { type: 'start' }) + event('progress', { type: 'reply', seq: 1 }) + event('result', answer)
    const fetchMock = serverStreams([whole.slice(0, 30), whole.slice(30, 70), whole.slice(70)])
    const progress: unknown[] = []
    await expect(
      streamTool('ping', { input: 'srv.lab.test' }, { onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual(answer)
    expect(progress).toEqual([{ type: 'start' }, { type: 'reply', seq: 1 }])
    const init = fetchMock.mock.calls[0]?.[1]
    expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream')
  })

  it('reads the stream to its end after the result instead of cancelling it (no aborted request)', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(event('result', answer)))
        setTimeout(() => controller.close(), 20)
      },
      cancel() {
        cancelled = true
      },
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body)),
    )
    await expect(streamTool('ping', { input: 'srv.lab.test' }, { onProgress: () => {} })).resolves.toEqual(answer)
    expect(cancelled).toBe(false)
  })

  it('leaves the connection alone when the run is cancelled after its result, and still reports the abort', async () => {
    let cancelled = false
    let close: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(event('result', answer)))
        close = () => controller.close()
      },
      cancel() {
        cancelled = true
      },
    })
    let connection: AbortSignal | undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        connection = init.signal ?? undefined
        return new Response(body)
      }),
    )
    const caller = new AbortController()
    const run = streamTool('ping', { input: 'srv.lab.test' }, { signal: caller.signal, onProgress: () => {} })
    await new Promise((resolve) => setTimeout(resolve, 10))
    caller.abort()
    close()
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(connection?.aborted).toBe(false)
    expect(cancelled).toBe(false)
  })

  it('aborts the connection when the run is cancelled before its result', async () => {
    let connection: AbortSignal | undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        connection = init.signal ?? undefined
        // As a browser does: aborting the request errors its body.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(event('progress', { type: 'start' })))
            connection?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
          },
        })
        return new Response(body)
      }),
    )
    const caller = new AbortController()
    const run = streamTool('ping', { input: 'srv.lab.test' }, { signal: caller.signal, onProgress: () => {} })
    await new Promise((resolve) => setTimeout(resolve, 10))
    caller.abort()
    expect(connection?.aborted).toBe(true)
    await expect(run).rejects.toBeDefined()
  })

  it('lets a stream go that stays open after its result', async () => {
    vi.useFakeTimers()
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(event('result', answer)))
      },
      cancel() {
        cancelled = true
      },
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body)),
    )
    const run = streamTool('ping', { input: 'srv.lab.test' }, { onProgress: () => {} })
    await vi.advanceTimersByTimeAsync(2000)
    await expect(run).resolves.toEqual(answer)
    expect(cancelled).toBe(true)
    vi.useRealTimers()
  })

  it('rejects with ToolFailure when the diagnosis failed', async () => {
    serverStreams([
      event('result', { ...answer, status: 'failed', error: 'No reply from 203.0.113.200 (100% packet loss)' }),
    ])
    const error = await streamTool('ping', { input: 'x.test' }, { onProgress: () => {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolFailure)
    expect((error as Error).message).toBe('No reply from 203.0.113.200 (100% packet loss)')
  })

  it('rejects with the server message for invalid input', async () => {
    serverStreams([JSON.stringify({ error: { type: 'invalid_input', message: 'Invalid domain or IP format' } })], 400)
    await expect(streamTool('ping', { input: ';id' }, { onProgress: () => {} })).rejects.toThrow(
      'Invalid domain or IP format',
    )
  })

  it('rejects when the stream ends without a result', async () => {
    serverStreams([event('progress', { type: 'start' })])
    await expect(streamTool('ping', { input: 'x.test' }, { onProgress: () => {} })).rejects.toThrow(
      'The connection closed before the result arrived',
    )
  })
})

describe('streamTool() while waiting in line', () => {
  it('hands each place in line to onQueue, then the answer', async () => {
    serverStreams([
      event('queue', { position: 2, estimatedWaitMs: 10_000 }),
      event('queue', { position: 1, estimatedWaitMs: 5000 }),
      event('result', answer),
    ])
    const places: unknown[] = []
    const got = await streamTool(
      'ping',
      { input: 'srv.lab.test' },
      { onProgress: () => {}, onQueue: (p) => places.push(p) },
    )
    expect(places).toEqual([
      { position: 2, estimatedWaitMs: 10_000 },
      { position: 1, estimatedWaitMs: 5000 },
    ])
    expect(got.lines).toEqual(['1 packets'])
  })

  it('rejects with the server_busy message when the wait ends without a slot', async () => {
    serverStreams([
      event('queue', { position: 1, estimatedWaitMs: 5000 }),
      event('error', {
        error: {
          type: 'server_busy',
          message: 'The server is busy: your Ping run waited 60 s in line without a free slot. Try again in 5 s.',
        },
      }),
    ])
    await expect(streamTool('ping', { input: 'x' }, { onProgress: () => {} })).rejects.toMatchObject({
      message: 'The server is busy: your Ping run waited 60 s in line without a free slot. Try again in 5 s.',
      status: 503,
    })
  })
})
