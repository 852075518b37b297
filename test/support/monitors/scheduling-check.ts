// For the tests of scheduling across site processes: a loopback site that notes when each request
// arrived, a website monitor of it created over real HTTP, and the assertion that every interval
// saw exactly one check.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import { nextSlot, slotOffset } from '../../../src/server/modules/monitors/schedule.ts'
import type { HttpSession } from '../app/http-session.ts'

export interface CountingSite {
  url: string
  /** Arrival times (epoch ms) of the requests for the monitored path. */
  hits: number[]
  close(): Promise<void>
}

export async function startCountingSite(): Promise<CountingSite> {
  const hits: number[] = []
  const server = http.createServer((request, response) => {
    if (request.url === '/watched') hits.push(Date.now())
    response.end('up\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/watched`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function createWatchedMonitor(session: HttpSession, url: string): Promise<string> {
  const { status, body } = await session.json<{ id: string }>('POST', '/api/monitors', {
    kind: 'website',
    target: url,
    name: 'Watched',
    intervalMinutes: 1,
    alertEmail: false,
  })
  expect(status).toBe(201)
  return body.id
}

/**
 * Exactly one check per slot between `from` and `to`. A check runs at its slot or later (never
 * before), so each request belongs to the last slot at or before its arrival: two requests of one
 * slot are a slot run twice, however late the poll or the queue was. As many requests as slots,
 * give or take the ones at the edges.
 */
export function expectOncePerInterval(
  hits: number[],
  intervalMs: number,
  monitorId: string,
  from: number,
  to: number,
): void {
  const inWindow = hits.filter((at) => at >= from && at < to).sort((a, b) => a - b)
  const intervals = (to - from) / intervalMs
  expect(inWindow.length).toBeGreaterThanOrEqual(Math.floor(intervals) - 1)
  expect(inWindow.length).toBeLessThanOrEqual(Math.ceil(intervals) + 1)
  // The monitor's own grid of slots: the last one at or before a request is the one after it, less an interval.
  const offset = slotOffset(monitorId, intervalMs)
  const slots = inWindow.map((at) => nextSlot(at, intervalMs, offset) - intervalMs)
  expect(new Set(slots).size, `requests at ${inWindow.join(', ')} for slots ${slots.join(', ')}`).toBe(slots.length)
}

/** Waits until `count()` equals the number of requests the site has seen, which moves on meanwhile. */
export async function expectEveryHitRecorded(site: CountingSite, count: () => Promise<number>): Promise<void> {
  let last = { recorded: -1, hits: -1 }
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    const before = site.hits.length
    const recorded = await count()
    // A check whose request arrived but whose result is not stored yet: ask again.
    if (recorded === before && site.hits.length === before) return
    last = { recorded, hits: before }
    await sleep(50)
  }
  expect(last.recorded, 'checks recorded for the requests the site saw').toBe(last.hits)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
