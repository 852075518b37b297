// The measurements API as the lab tests use it, against one site process (through its door).

import type { MeasurementRequestInput } from '../../src/shared/measurement-request.ts'
import type { Measurement, MeasurementRow, ProbeList } from '../../src/shared/measurements.ts'
import { REGIONS, type RegionName } from './region-plan.ts'
import type { SiteProcess } from './site-in-lab.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once the process lists every probe named (GET /api/probes); throws after `timeoutMs`. */
export async function waitForProbes(site: SiteProcess, names: string[], timeoutMs = 30_000): Promise<ProbeList> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    const res = await site.request('GET', '/api/probes')
    last = `${res.status} ${res.text}`
    if (res.status === 200) {
      const list: ProbeList = res.json()
      if (names.every((name) => list.probes.some((p) => p.name === name))) return list
    }
    await pause(200)
  }
  throw new Error(`${site.name} did not list the probes ${names.join(', ')} in ${timeoutMs} ms; last answer: ${last}`)
}

/** Resolves once no probe named is listed any more. */
export async function waitForProbeGone(site: SiteProcess, name: string, timeoutMs = 15_000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    const res = await site.request('GET', '/api/probes')
    if (res.status === 200 && !(res.json() as ProbeList).probes.some((p) => p.name === name)) {
      return Date.now() - started
    }
    await pause(200)
  }
  throw new Error(`${site.name} still lists probe ${name} after ${timeoutMs} ms`)
}

/** POST /api/measurements; returns the id (and throws with the answer unless it is 202). */
export async function createMeasurement(site: SiteProcess, body: MeasurementRequestInput): Promise<string> {
  const res = await site.request('POST', '/api/measurements', body)
  if (res.status !== 202) throw new Error(`POST /api/measurements on ${site.name} answered ${res.status}: ${res.text}`)
  return res.json().id
}

/** Polls GET /api/measurements/:id until it is finished. */
export async function waitForMeasurement(site: SiteProcess, id: string, timeoutMs = 60_000): Promise<Measurement> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    const res = await site.request('GET', `/api/measurements/${id}`)
    last = `${res.status} ${res.text}`
    if (res.status === 200 && res.json().status === 'finished') return res.json()
    await pause(250)
  }
  throw new Error(`measurement ${id} did not finish on ${site.name} in ${timeoutMs} ms; last answer: ${last}`)
}

/** The row of the region's probe. */
export function rowOf(measurement: Pick<Measurement, 'results'>, region: RegionName): MeasurementRow {
  const row = measurement.results.find((r) => r.probe.name === REGIONS[region].location.name)
  if (!row) throw new Error(`no row for ${region} in ${JSON.stringify(measurement.results.map((r) => r.probe.name))}`)
  return row
}
