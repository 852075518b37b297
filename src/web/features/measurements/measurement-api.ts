// The measurement API from the browser: POST /api/measurements, the event stream of a measurement
// (reconnected when it breaks, since every connection starts with all rows as they stand), and
// GET /api/measurements/:id and /api/probes. Every request has a deadline.
import type { z } from 'zod'
import type { MeasurementRequestInput } from '../../../shared/measurement-request.ts'
import {
  type Measurement,
  type MeasurementCreated,
  type MeasurementEvent,
  measurement,
  measurementCreated,
  measurementEvent,
  type ProbeInfo,
  probeList,
} from '../../../shared/measurements.ts'
import { splitEvents } from '../../../shared/tool-stream.ts'

import { errorBody } from '../../../shared/tools/tool-answer.ts'
import { ApiError, postJson } from '../../lib/api.ts'
import { takeEarly } from '../../lib/early-fetch.ts'
import { PROBES_PATH } from './probes-path.ts'

/** Deadline of a plain request (create, read, probe list). */
export const REQUEST_DEADLINE_MS = 15_000
/** A stream silent this long is dropped and opened again (which repeats every row). */
export const STREAM_IDLE_MS = 30_000
/** After this long the page stops following a measurement and says so. */
export const FOLLOW_DEADLINE_MS = 180_000
/** Connections that fail one after another before the page gives up. */
const MAX_FAILED_CONNECTIONS = 4

const measurementPath = (id: string) => `/api/measurements/${encodeURIComponent(id)}`

function withDeadline(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const deadline = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, deadline]) : deadline
}

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response
  try {
    response = await (takeEarly(path) ??
      fetch(path, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
        signal: withDeadline(signal, REQUEST_DEADLINE_MS),
      }))
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
  const data = await response.json().catch(() => undefined)
  if (response.ok) return data
  const body = errorBody.safeParse(data)
  if (body.success) throw new ApiError(body.data.error.message, response.status, body.data.error.type)
  throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}

function readAs<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw new ApiError('The server sent an answer this page cannot read', 0, 'bad_answer')
  return parsed.data
}

export async function createMeasurement(
  body: MeasurementRequestInput,
  signal?: AbortSignal,
): Promise<MeasurementCreated> {
  return readAs(
    measurementCreated,
    await postJson('/api/measurements', body, withDeadline(signal, REQUEST_DEADLINE_MS)),
  )
}

export async function fetchMeasurement(id: string, signal?: AbortSignal): Promise<Measurement> {
  return readAs(measurement, await getJson(measurementPath(id), signal))
}

export async function fetchProbes(signal?: AbortSignal): Promise<ProbeInfo[]> {
  return readAs(probeList, await getJson(PROBES_PATH, signal)).probes
}

type Connection = { kind: 'finished'; measurement: Measurement } | { kind: 'dropped'; gotData: boolean }

/** One connection to the event stream: events until `finished`, or until it closes, fails or falls silent. */
async function connectOnce(
  id: string,
  signal: AbortSignal,
  onEvent: (event: MeasurementEvent) => void,
): Promise<Connection> {
  const idle = new AbortController()
  let timer = setTimeout(() => idle.abort(), STREAM_IDLE_MS)
  const stillAlive = () => {
    clearTimeout(timer)
    timer = setTimeout(() => idle.abort(), STREAM_IDLE_MS)
  }
  let gotData = false
  try {
    const response = await fetch(`${measurementPath(id)}/events`, {
      headers: { accept: 'text/event-stream' },
      credentials: 'same-origin',
      signal: AbortSignal.any([signal, idle.signal]),
    })
    if (!response.ok) {
      const body = errorBody.safeParse(await response.json().catch(() => undefined))
      const message = body.success ? body.data.error.message : `Request failed with status ${response.status}`
      throw new ApiError(message, response.status, body.success ? body.data.error.type : 'http_error')
    }
    if (!response.body) return { kind: 'dropped', gotData }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    // A deadline or a silent stream ends the wait for the next chunk, whatever the transport does.
    const stop = () => reader.cancel().catch(() => {})
    const stopped = AbortSignal.any([signal, idle.signal])
    stopped.addEventListener('abort', stop, { once: true })
    let buffer = ''
    let finished: Measurement | undefined
    let ended = false
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) {
          ended = true
          return finished ? { kind: 'finished', measurement: finished } : { kind: 'dropped', gotData }
        }
        stillAlive()
        const { events, rest } = splitEvents(buffer + value)
        buffer = rest
        for (const { data } of events) {
          const parsed = measurementEvent.safeParse(data)
          if (!parsed.success) continue
          gotData = true
          onEvent(parsed.data)
          // The server ends the stream after `finished`: it is read to its end, not cancelled, so no
          // aborted request is left behind (a stream kept open is let go by the idle timer).
          if (parsed.data.type === 'finished') finished = parsed.data.measurement
        }
      }
    } finally {
      stopped.removeEventListener('abort', stop)
      if (!ended) reader.cancel().catch(() => {})
    }
  } catch (error) {
    if (signal.aborted || error instanceof ApiError) throw error
    return { kind: 'dropped', gotData }
  } finally {
    clearTimeout(timer)
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    const stop = () => {
      clearTimeout(timer)
      resolve()
    }
    signal.addEventListener('abort', stop, { once: true })
  })

/**
 * Follows a measurement to its end, handing every event to `onEvent`; resolves with the finished
 * measurement. A broken or silent stream is opened again; an HTTP error (an unknown id) rejects at
 * once, and so do too many failed connections in a row or the overall deadline.
 */
export async function followMeasurement(
  id: string,
  options: { signal: AbortSignal; onEvent: (event: MeasurementEvent) => void; deadlineMs?: number },
): Promise<Measurement> {
  const signal = withDeadline(options.signal, options.deadlineMs ?? FOLLOW_DEADLINE_MS)
  const late = () => new ApiError('The measurement did not finish in time: updates stopped', 0, 'timeout')
  let failures = 0
  while (!signal.aborted) {
    const outcome = await connectOnce(id, signal, options.onEvent).catch((error: unknown) => {
      if (options.signal.aborted || !signal.aborted) throw error
      throw late()
    })
    if (outcome.kind === 'finished') return outcome.measurement
    failures = outcome.gotData ? 0 : failures + 1
    if (failures >= MAX_FAILED_CONNECTIONS) {
      throw new ApiError('Lost the connection to the server while following this measurement', 0, 'network_error')
    }
    await pause(500 * 2 ** failures, signal)
  }
  if (options.signal.aborted) throw options.signal.reason
  throw late()
}
