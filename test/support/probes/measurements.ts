// Talking to a site's measurement API over real HTTP, as a script or the web app would.

import type { MeasurementRequestInput } from '../../../src/shared/measurement-request.ts'
import { type Measurement, type MeasurementEvent, measurementEvent } from '../../../src/shared/measurements.ts'
import { splitEvents } from '../../../src/shared/tool-stream.ts'

export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
}

async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers }
}

export async function submitMeasurement(
  siteUrl: string,
  body: MeasurementRequestInput | Record<string, unknown>,
): Promise<Answer<{ id: string; probesCount: number } & { error?: { type: string; message: string } }>> {
  const response = await fetch(`${siteUrl}/api/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return answerOf(response)
}

export async function readMeasurement(siteUrl: string, id: string): Promise<Answer<Measurement>> {
  return answerOf(await fetch(`${siteUrl}/api/measurements/${id}`))
}

/** Polls GET /api/measurements/:id until `until` holds; throws with the last state after `timeoutMs`. */
export async function waitForMeasurement(
  siteUrl: string,
  id: string,
  until: (measurement: Measurement) => boolean = (m) => m.status === 'finished',
  timeoutMs = 20_000,
): Promise<Measurement> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    const answer = await readMeasurement(siteUrl, id).catch((error: unknown) => ({ status: 0, body: String(error) }))
    last = answer.body
    if (answer.status === 200 && until(answer.body as Measurement)) return answer.body as Measurement
    if (Date.now() > deadline) throw new Error(`measurement ${id} did not get there in time: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The rows of a measurement by probe name: { p1: 'finished', p2: 'probe-lost' }. */
export function rowStatuses(measurement: Measurement): Record<string, string> {
  return Object.fromEntries(measurement.results.map((row) => [row.probe.name, row.status]))
}

/**
 * Follows GET /api/measurements/:id/events until its `finished` event (or `timeoutMs`) and returns
 * every event in the order the stream sent them, each read with the measurements' event schema.
 */
export async function followMeasurement(siteUrl: string, id: string, timeoutMs = 30_000): Promise<MeasurementEvent[]> {
  const response = await fetch(`${siteUrl}/api/measurements/${id}/events`, { signal: AbortSignal.timeout(timeoutMs) })
  if (!response.ok || !response.body) throw new Error(`the event stream answered ${response.status}`)
  const events: MeasurementEvent[] = []
  let buffer = ''
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    const split = splitEvents(buffer + chunk)
    buffer = split.rest
    for (const event of split.events) {
      events.push(measurementEvent.parse(event.data))
      if (event.name === 'finished') return events
    }
  }
  return events
}

/**
 * What a follower learnt of row `index`, in the stream's order, as short words: "row <status>" for a
 * row event (followed by "line <text>" for each line it already carried) and "line <text>" for a line event.
 */
export function rowStory(events: MeasurementEvent[], index: number): string[] {
  return events.flatMap((event) => {
    if (event.type === 'line' && event.index === index) return [`line ${event.line}`]
    if (event.type === 'row' && event.index === index)
      return [`row ${event.row.status}`, ...(event.row.lines ?? []).map((line) => `line ${line}`)]
    return []
  })
}
