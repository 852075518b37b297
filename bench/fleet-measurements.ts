// Submitting measurements and following them on their event stream, as the web app does, for
// bench/probe-fleet.ts: when the first row settles and when the measurement is finished. A stream
// cut off (its site process was killed) is followed again on another process.
import type { Measurement, MeasurementEvent, MeasurementRowStatus } from '../src/shared/measurements.ts'

export type Submission = { ok: true; id: string; probesCount: number } | { ok: false; status: number; message: string }

export async function submit(siteUrl: string, body: unknown, timeoutMs = 10_000): Promise<Submission> {
  try {
    const response = await fetch(`${siteUrl}/api/measurements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = (await response.json()) as { id: string; probesCount: number; error?: { message: string } }
    if (response.status === 202) return { ok: true, id: answer.id, probesCount: answer.probesCount }
    return { ok: false, status: response.status, message: answer.error?.message ?? '' }
  } catch (error) {
    return { ok: false, status: 0, message: (error as Error).message }
  }
}

export interface Followed {
  /** performance.now() of the first settled row, of the `finished` event. */
  firstAt?: number
  finishedAt?: number
  rows: MeasurementRowStatus[]
  /** Never seen finished before the deadline, or gone from the store. */
  lost: boolean
  /** How many times the stream had to be opened again. */
  reopened: number
}

async function* eventsOf(response: Response): AsyncGenerator<MeasurementEvent> {
  const decoder = new TextDecoder()
  let buffered = ''
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true })
    let end = buffered.indexOf('\n\n')
    while (end !== -1) {
      const block = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      end = buffered.indexOf('\n\n')
      const data = block.split('\n').find((line) => line.startsWith('data: '))
      if (data) yield JSON.parse(data.slice(6)) as MeasurementEvent
    }
  }
}

/** Follows the measurement until finished or `deadlineAt` (performance.now()), trying the sites in turn. */
export async function follow(siteUrls: string[], first: number, id: string, deadlineAt: number): Promise<Followed> {
  const followed: Followed = { rows: [], lost: true, reopened: -1 }
  for (let attempt = first; performance.now() < deadlineAt; attempt += 1) {
    followed.reopened += 1
    const siteUrl = siteUrls[attempt % siteUrls.length] as string
    try {
      const response = await fetch(`${siteUrl}/api/measurements/${id}/events`, {
        signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadlineAt - performance.now()))),
      })
      if (response.status === 404) return followed
      if (response.status !== 200) throw new Error(`status ${response.status}`)
      for await (const event of eventsOf(response)) {
        if (event.type === 'row' && event.row.status !== 'in-progress') followed.firstAt ??= performance.now()
        if (event.type === 'finished') {
          followed.finishedAt = performance.now()
          followed.firstAt ??= followed.finishedAt
          followed.rows = finishedRows(event.measurement)
          followed.lost = false
          return followed
        }
      }
    } catch {
      // The stream broke (its process went away) or the deadline passed: try again elsewhere.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return followed
}

const finishedRows = (measurement: Measurement) => measurement.results.map((row) => row.status)
