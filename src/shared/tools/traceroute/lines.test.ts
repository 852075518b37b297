import { describe, expect, it } from 'vitest'
import { tracerouteLines } from './lines.ts'
import type { TracerouteHop, TracerouteResult } from './schema.ts'

const hop = (patch: Partial<TracerouteHop>): TracerouteHop => ({
  hop: 1,
  address: '198.51.100.1',
  otherAddresses: [],
  sent: 3,
  received: 3,
  lossPercent: 0,
  lastMs: 0.1,
  avgMs: 0.12,
  bestMs: 0.09,
  worstMs: 0.2,
  stdevMs: 0.05,
  ...patch,
})

const result: TracerouteResult = {
  host: 'srv.lab.test',
  address: '203.0.113.10',
  family: 4,
  protocol: 'icmp',
  maxHops: 30,
  packetBytes: 60,
  probesPerHop: 3,
  reached: true,
  hops: [
    hop({ hostname: 'r1.lab.test', asn: { number: 64500, name: 'LAB' } }),
    hop({
      hop: 2,
      address: null,
      received: 0,
      lossPercent: 100,
      lastMs: null,
      avgMs: null,
      bestMs: null,
      worstMs: null,
      stdevMs: null,
    }),
    hop({ hop: 3, address: '203.0.113.10' }),
  ],
}

describe('tracerouteLines()', () => {
  it("starts with the product's header", () => {
    expect(tracerouteLines(result)[0]).toBe('traceroute to srv.lab.test (203.0.113.10), 30 hops max, 60 byte packets')
  })

  it('shows name, address and AS of a hop, then loss, sent and the timings in ms', () => {
    expect(tracerouteLines(result)[2]?.split(/\s+/).filter(Boolean)).toEqual([
      '1',
      'r1.lab.test',
      '(198.51.100.1)',
      '[AS64500]',
      '0.0%',
      '3',
      '0.10',
      '0.12',
      '0.09',
      '0.20',
      '0.05',
    ])
  })

  it('shows a silent hop as * * *', () => {
    expect(tracerouteLines(result)[3]?.trim()).toMatch(/^2 {2}\* \* \* +100\.0% +3$/)
  })

  it('says so when the destination did not answer', () => {
    expect(tracerouteLines({ ...result, reached: false }).at(-1)).toBe('203.0.113.10 did not answer')
    expect(tracerouteLines(result)).toHaveLength(5)
  })
})
