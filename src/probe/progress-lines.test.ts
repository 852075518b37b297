import { describe, expect, it } from 'vitest'
import type { TracerouteHop } from '../shared/tools/traceroute/schema.ts'
import { progressLinesOf } from './progress-lines.ts'

const hop = (n: number, fields: Partial<TracerouteHop> = {}): TracerouteHop => ({
  hop: n,
  address: `198.51.100.${n}`,
  otherAddresses: [],
  sent: 1,
  received: 1,
  lossPercent: 0,
  lastMs: 1.5,
  avgMs: 1.5,
  bestMs: 1.5,
  worstMs: 1.5,
  stdevMs: 0,
  ...fields,
})

describe('progressLinesOf()', () => {
  it('ping: the header once started, then one line per reply in the layout of the final answer', () => {
    const lines = progressLinesOf('ping')
    const start = { type: 'start', host: 'example.test', address: '198.51.100.7', family: 4, mode: 'icmp', count: 2 }
    expect(lines?.(start)).toEqual(['PING example.test (198.51.100.7)'])
    const reply = { seq: 1, status: 'reply', from: '198.51.100.7', bytes: 64, ttl: 57, timeMs: 12.25 }
    expect(lines?.({ type: 'reply', reply })).toEqual(['64 bytes from 198.51.100.7: icmp_seq=1 ttl=57 time=12.250 ms'])
    expect(lines?.({ type: 'reply', reply: { seq: 2, status: 'timeout' } })).toEqual(['Request timeout for icmp_seq=2'])
    expect(lines?.({ type: 'something else' })).toEqual([])
  })

  it('traceroute: each hop once, in order, as soon as it or a later hop answered', () => {
    const lines = progressLinesOf('traceroute')
    const start = {
      type: 'start',
      host: 'example.test',
      address: '198.51.100.9',
      family: 4,
      protocol: 'icmp',
      maxHops: 30,
      packetBytes: 60,
    }
    const [header, heading] = lines?.(start) ?? []
    expect(header).toBe('traceroute to example.test (198.51.100.9), 30 hops max, 60 byte packets')
    expect(heading).toMatch(/^ {4}Host +Loss% +Snt +Last +Avg +Best +Wrst +StDev$/)
    expect(lines?.({ type: 'hop', hop: hop(1) })).toEqual([
      expect.stringMatching(/^ 1 {2}198\.51\.100\.1 +0\.0% +1 +1\.50/),
    ])
    // Seen again with new timings: not repeated.
    expect(lines?.({ type: 'hop', hop: hop(1, { sent: 2, received: 2 }) })).toEqual([])
    // Hop 2 has not answered yet; hop 3 has: both are shown, hop 2 as it stands.
    expect(lines?.({ type: 'hop', hop: hop(2, { address: null, received: 0, lossPercent: 100 }) })).toEqual([])
    expect(lines?.({ type: 'hop', hop: hop(3) })).toEqual([
      expect.stringMatching(/^ 2 {2}\* \* \* +100\.0% +1$/),
      expect.stringMatching(/^ 3 {2}198\.51\.100\.3 /),
    ])
  })

  it('the other tools stream no lines', () => {
    expect(progressLinesOf('dns')).toBeUndefined()
    expect(progressLinesOf('website-check')).toBeUndefined()
  })
})
