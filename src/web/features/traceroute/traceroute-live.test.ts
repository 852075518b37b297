import { describe, expect, it } from 'vitest'
import { foldTracerouteProgress } from './traceroute-live.ts'

const start = {
  type: 'start',
  host: 'srv.lab.test',
  address: '203.0.113.10',
  family: 4,
  protocol: 'icmp',
  maxHops: 30,
  packetBytes: 60,
}
const hop = (n: number, patch: object = {}) => ({
  type: 'hop',
  hop: {
    hop: n,
    address: `198.51.100.${n}`,
    otherAddresses: [],
    sent: 1,
    received: 1,
    lossPercent: 0,
    lastMs: 0.1,
    avgMs: 0.1,
    bestMs: 0.1,
    worstMs: 0.1,
    stdevMs: 0,
    ...patch,
  },
})

describe('foldTracerouteProgress()', () => {
  it("shows the product's header once the target is announced", () => {
    expect(foldTracerouteProgress([start]).header).toBe(
      'traceroute to srv.lab.test (203.0.113.10), 30 hops max, 60 byte packets',
    )
  })

  it('orders hops by distance and keeps the latest numbers of each', () => {
    const view = foldTracerouteProgress([start, hop(2), hop(1), hop(1, { hostname: 'r1.lab.test', received: 2 })])
    expect(view.hops.map((h) => [h.hop, h.hostname, h.received])).toEqual([
      [1, 'r1.lab.test', 2],
      [2, undefined, 1],
    ])
  })
})
