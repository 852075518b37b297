import { describe, expect, it } from 'vitest'
import { dnsLines, traceLines } from './lines.ts'
import type { DnsResult, DnsTraceStep } from './schema.ts'

const step = (patch: Partial<DnsTraceStep>): DnsTraceStep => ({
  zone: '.',
  server: '198.41.0.4:53',
  outcome: 'referral',
  records: [],
  glue: [],
  notes: [],
  ...patch,
})

describe('traceLines()', () => {
  it('prints notes first, then records and glue, then who answered', () => {
    const lines = traceLines([
      step({
        serverName: 'a.root-servers.net',
        referral: 'test.',
        queryTimeMs: 12,
        notes: ['ns.hosting.other has no glue: 198.51.100.3 found by a separate walk from the root'],
        records: [{ name: 'test', type: 'NS', class: 'IN', ttl: 172800, value: 'ns1.test.' }],
        glue: [{ name: 'ns1.test', type: 'A', class: 'IN', ttl: 172800, value: '198.51.100.2' }],
      }),
    ])
    expect(lines).toEqual([
      ';; ns.hosting.other has no glue: 198.51.100.3 found by a separate walk from the root',
      'test.\t172800\tIN\tNS\tns1.test.',
      'ns1.test.\t172800\tIN\tA\t198.51.100.2',
      ';; Received referral to test. from 198.41.0.4:53 (a.root-servers.net) in 12 ms',
      '',
    ])
  })

  it('says why a server gave no usable answer', () => {
    expect(traceLines([step({ zone: 'test.', outcome: 'failed', error: 'timeout' })])).toEqual([
      ';; No usable answer from 198.41.0.4:53 for test.: timeout',
      '',
    ])
  })

  it('names NODATA and NXDOMAIN endings', () => {
    const [nodata] = traceLines([step({ outcome: 'nodata', queryTimeMs: 1 })])
    expect(nodata).toBe(';; Received no records of this type (NODATA) from 198.41.0.4:53 in 1 ms')
    const [nx] = traceLines([step({ outcome: 'nxdomain', queryTimeMs: 1 })])
    expect(nx).toBe(';; Received NXDOMAIN from 198.41.0.4:53 in 1 ms')
  })
})

describe('dnsLines()', () => {
  const result: DnsResult = {
    name: 'xn--bcher-kva.example',
    unicodeName: 'bücher.example',
    server: '198.51.100.53:53',
    resolver: 'Custom server',
    dnssec: false,
    queries: [],
    trace: [],
  }

  it('does not claim "No DNS records found" when no query was made (a trace that failed early)', () => {
    expect(dnsLines(result)).not.toContain('No DNS records found')
  })

  it('shows the Unicode and ASCII forms of an internationalised name', () => {
    expect(dnsLines(result)[0]).toBe('; bücher.example is xn--bcher-kva.example in ASCII (punycode)')
  })
})
