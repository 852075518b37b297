import { describe, expect, it } from 'vitest'
import { timingSegments } from './timing-segments.ts'

describe('timingSegments()', () => {
  it('splits an HTTPS hop into DNS, connect, TLS, wait and download', () => {
    const segments = timingSegments({ dnsMs: 5, connectMs: 10, tlsMs: 20, firstByteMs: 50, totalMs: 70 })
    expect(segments.map((s) => [s.phase, s.ms])).toEqual([
      ['dns', 5],
      ['connect', 10],
      ['tls', 20],
      ['wait', 20],
      ['download', 15],
    ])
  })

  it('leaves out phases that did not happen (no DNS for an IP, no TLS over HTTP, no answer)', () => {
    const segments = timingSegments({ dnsMs: null, connectMs: 3, tlsMs: null, firstByteMs: null, totalMs: 1000 })
    expect(segments.map((s) => s.phase)).toEqual(['connect'])
  })
})
