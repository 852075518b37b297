// The event-stream follower against answers built as a server sends them (real Response objects
// over streams this test writes), so that reconnecting, refusals and the deadline can be seen.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Measurement, MeasurementEvent } from '../../../shared/measurements.ts'
import { followMeasurement } from './measurement-api.ts'
import { pingAnswer, probes, row } from './test-rows.ts'

const inProgress = row({ probe: probes.paris, status: 'in-progress' })
const done = row({ probe: probes.paris, status: 'finished', result: pingAnswer('198.51.100.7', [10]) })
const finished: Measurement = {
  id: 'm1',
  tool: 'ping',
  input: 'example.test',
  options: {},
  locations: ['any'],
  status: 'finished',
  createdAt: '2026-01-02T03:04:05.000Z',
  results: [done],
  runId: 'run-1',
}

const sse = (event: MeasurementEvent, id: number) =>
  `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`

/** An event stream that sends `chunks` and then ends, or stays open when `hold` is set. */
function streamResponse(chunks: string[], hold = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      if (!hold) controller.close()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
}

function serve(...responses: (() => Response)[]) {
  const requests: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(url)
      const next = responses.shift()
      if (!next) throw new Error('no more answers')
      const response = next()
      init.signal?.addEventListener('abort', () => response.body?.cancel().catch(() => {}))
      return response
    }),
  )
  return requests
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('followMeasurement()', () => {
  it('hands on every row event and resolves with the measurement of the finished event', async () => {
    const requests = serve(() =>
      streamResponse([
        sse({ type: 'row', index: 0, row: inProgress }, 1),
        sse({ type: 'row', index: 0, row: done }, 2).slice(0, 20),
        sse({ type: 'row', index: 0, row: done }, 2).slice(20),
        sse({ type: 'finished', measurement: finished }, 3),
      ]),
    )
    const events: MeasurementEvent[] = []
    const result = await followMeasurement('m1', {
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
    })
    expect(result.runId).toBe('run-1')
    expect(events.map((e) => (e.type === 'row' ? e.row.status : e.type))).toEqual([
      'in-progress',
      'finished',
      'finished',
    ])
    expect(requests).toEqual(['/api/measurements/m1/events'])
  })

  it('opens the stream again when it ends before the finished event, and takes the rows it repeats', async () => {
    const requests = serve(
      () => streamResponse([sse({ type: 'row', index: 0, row: inProgress }, 1)]),
      () =>
        streamResponse([
          sse({ type: 'row', index: 0, row: done }, 2),
          sse({ type: 'finished', measurement: finished }, 3),
        ]),
    )
    const events: MeasurementEvent[] = []
    const result = await followMeasurement('m1', {
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
    })
    expect(result.status).toBe('finished')
    expect(requests).toHaveLength(2)
    expect(events).toHaveLength(3)
  })

  it("rejects with the server's own message when it refuses the stream", async () => {
    serve(() => Response.json({ error: { type: 'not_found', message: 'No such measurement' } }, { status: 404 }))
    await expect(
      followMeasurement('gone', { signal: new AbortController().signal, onEvent: () => {} }),
    ).rejects.toThrow('No such measurement')
  })

  it('gives up with a message of its own when the measurement does not finish within the deadline', async () => {
    serve(() => streamResponse([sse({ type: 'row', index: 0, row: inProgress }, 1)], true))
    await expect(
      followMeasurement('m1', { signal: new AbortController().signal, onEvent: () => {}, deadlineMs: 200 }),
    ).rejects.toThrow('The measurement did not finish in time: updates stopped')
  })
})
