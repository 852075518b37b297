// For the tests of scheduling across site processes: a loopback site that notes when each request
// arrived, a website monitor of it created over real HTTP, and the assertion that every interval
// saw exactly one check.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
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
 * Exactly one check per interval between `from` and `to`: as many requests as intervals (give or
 * take the ones at the edges), never two in one interval.
 */
export function expectOncePerInterval(hits: number[], intervalMs: number, from: number, to: number): void {
  const inWindow = hits.filter((at) => at >= from && at < to).sort((a, b) => a - b)
  const intervals = (to - from) / intervalMs
  expect(inWindow.length).toBeGreaterThanOrEqual(Math.floor(intervals) - 1)
  expect(inWindow.length).toBeLessThanOrEqual(Math.ceil(intervals) + 1)
  // A slot run twice shows as two requests close together; consecutive slots are an interval apart.
  const gaps = inWindow.slice(1).map((at, i) => at - (inWindow[i] ?? at))
  expect(Math.min(...gaps), `requests at ${inWindow.join(', ')}`).toBeGreaterThan(intervalMs / 2)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
