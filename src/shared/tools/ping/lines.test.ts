import { describe, expect, it } from 'vitest'
import { pingLines } from './lines.ts'
import type { PingResult } from './schema.ts'

const result: PingResult = {
  host: 'srv.lab.test',
  address: '203.0.113.10',
  family: 4,
  mode: 'icmp',
  payloadBytes: 56,
  replies: [
    { seq: 1, status: 'reply', from: '203.0.113.10', bytes: 64, ttl: 62, timeMs: 0.058 },
    { seq: 2, status: 'timeout' },
    { seq: 3, status: 'error', from: '198.51.100.1', detail: 'Destination Host Unreachable' },
  ],
  summary: {
    sent: 3,
    received: 1,
    errors: 1,
    duplicates: 0,
    lossPercent: 66.6667,
    minMs: 0.058,
    avgMs: 0.058,
    maxMs: 0.058,
    mdevMs: 0,
    timeMs: 2003,
  },
  notes: [],
}

describe('pingLines()', () => {
  it('renders the result like the system ping', () => {
    expect(pingLines(result)).toEqual([
      'PING srv.lab.test (203.0.113.10) 56(84) bytes of data.',
      '64 bytes from 203.0.113.10: icmp_seq=1 ttl=62 time=0.058 ms',
      'Request timeout for icmp_seq=2',
      'From 198.51.100.1 icmp_seq=3 Destination Host Unreachable',
      '',
      '--- srv.lab.test ping statistics ---',
      '3 packets transmitted, 1 received, +1 errors, 66.6667% packet loss',
      'rtt min/avg/max/mdev = 0.058/0.058/0.058/0.000 ms',
    ])
  })

  it('leaves out the round-trip line when nothing answered', () => {
    const silent = {
      ...result,
      replies: [],
      summary: { ...result.summary, received: 0, minMs: null, avgMs: null, maxMs: null, mdevMs: null },
    }
    expect(pingLines(silent).some((l) => l.startsWith('rtt'))).toBe(false)
  })

  it('puts notes first and names the port in TCP mode', () => {
    const tcp: PingResult = {
      ...result,
      mode: 'tcp',
      port: 443,
      notes: ['ICMP ping is not available on this server; timed TCP connections to port 443 instead.'],
      replies: [{ seq: 1, status: 'reply', from: '203.0.113.10', timeMs: 1.2, detail: 'port open' }],
    }
    expect(pingLines(tcp).slice(0, 3)).toEqual([
      'ICMP ping is not available on this server; timed TCP connections to port 443 instead.',
      'TCP PING srv.lab.test (203.0.113.10) port 443',
      'Reply from 203.0.113.10:443: seq=1 port open time=1.200 ms',
    ])
  })
})
