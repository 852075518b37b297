// For the tests of scheduling across site processes: a loopback site that notes when each request
// arrived, a website monitor of it created over real HTTP, and the assertion that no slot ran
// twice, read from the slots the processes log as they start each check.
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

/** The slots (epoch ms) of `monitorId` whose checks the processes started, from their log lines (LOG_LEVEL info). */
export function startedSlots(outputs: string[], monitorId: string): number[] {
  const slots: number[] = []
  for (const line of outputs.join('\n').split('\n')) {
    if (!line.includes('"monitor check started"')) continue
    let entry: { monitor?: string; slot?: number } = {}
    try {
      entry = JSON.parse(line)
    } catch {
      throw new Error(`a log line that is not JSON: ${line}`)
    }
    if (entry.monitor === monitorId && typeof entry.slot === 'number') slots.push(entry.slot)
  }
  return slots
}

/**
 * Never a slot twice, whichever process claimed it: the slots every process says it started are
 * distinct and all on the monitor's grid. The checks go on between `from` and `to`: at least half
 * of the slots there started. (A check taken more than an interval late is followed by the next
 * slot after it, as the scheduler computes it from the time: on a loaded machine some slots are
 * skipped, never run twice.) Each request the site saw is a started check.
 */
export function expectEachSlotOnce(
  outputs: string[],
  hits: number[],
  intervalMs: number,
  monitorId: string,
  from: number,
  to: number,
): void {
  const slots = startedSlots(outputs, monitorId).sort((a, b) => a - b)
  const offset = slotOffset(monitorId, intervalMs)
  const described = `slots started: ${slots.join(', ')}; requests at ${hits.join(', ')}`
  expect(new Set(slots).size, described).toBe(slots.length)
  expect(
    slots.filter((slot) => nextSlot(slot - 1, intervalMs, offset) !== slot),
    `off the grid. ${described}`,
  ).toEqual([])
  const inWindow = slots.filter((slot) => slot >= from && slot < to)
  expect(inWindow.length, described).toBeGreaterThanOrEqual(Math.floor((to - from) / intervalMs / 2))
  expect(hits.length, described).toBeLessThanOrEqual(slots.length)
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
