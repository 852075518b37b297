import { describe, expect, it } from 'vitest'
import type { MeasurementRow } from '../../../shared/measurements.ts'
import { compareRows } from './comparison.ts'
import { probes, row } from './test-rows.ts'

const timings = (totalMs: number) => ({ dnsMs: 2, connectMs: 10.04, tlsMs: 21.5, firstByteMs: 40, totalMs })

function checked(probe: keyof typeof probes, fields: { status: number; server: string; cache?: string }) {
  const hop = (url: string, status: number, location: string | null) => ({
    url,
    address: '198.51.100.80',
    status,
    statusText: status === 301 ? 'Moved Permanently' : 'OK',
    location,
    timings: timings(status === 301 ? 20 : 55.25),
    error: null,
  })
  return row({
    probe: probes[probe],
    status: 'finished',
    result: {
      tool: 'website-check',
      input: 'http://example.test/',
      status: 'ok',
      result: {
        url: 'http://example.test/',
        finalUrl: 'https://example.test/',
        up: true,
        finalStatus: fields.status,
        statusText: 'OK',
        hops: [
          hop('http://example.test/', 301, 'https://example.test/'),
          hop('https://example.test/', fields.status, null),
        ],
        headers: [
          { name: 'Server', value: fields.server },
          { name: 'Content-Type', value: 'text/html' },
          ...(fields.cache ? [{ name: 'X-Cache', value: fields.cache }] : []),
        ],
        securityHeaders: [],
        bodyBytes: 1200,
        bodyTruncated: false,
        tls: { protocol: 'TLSv1.3', cipher: 'TLS_AES_128_GCM_SHA256', authorized: true, authorizationError: null },
        standards: [],
      },
      lines: ['200 OK'],
      durationMs: 80,
    },
  })
}

describe('website checks by location', () => {
  const rows: MeasurementRow[] = [
    checked('frankfurt', { status: 200, server: 'edge-fra', cache: 'HIT' }),
    checked('paris', { status: 200, server: 'edge-par' }),
  ]
  const tables = compareRows('website-check', rows)
  const cells = (caption: string, index: number) =>
    tables.find((table) => table.caption === caption)?.columns.map((column) => column.text(rows[index], index))

  it("shows each location's status and the timing phases of its final request", () => {
    expect(tables.map((table) => table.caption)).toEqual([
      'HTTP answers by location',
      'TLS by location',
      'Response headers by location',
    ])
    expect(tables[0]?.columns.map((column) => column.header)).toEqual([
      'Status',
      'Address',
      'DNS',
      'Connect',
      'TLS',
      'First byte',
      'Total',
    ])
    expect(cells('HTTP answers by location', 0)).toEqual([
      '200 OK (after 1 redirect)',
      '198.51.100.80',
      '2 ms',
      '10 ms',
      '21.5 ms',
      '40 ms',
      '55.3 ms',
    ])
  })

  it('shows the TLS each location negotiated and the headers that tell the locations apart', () => {
    expect(cells('TLS by location', 1)).toEqual(['TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Trusted'])
    const headers = tables.find((table) => table.caption === 'Response headers by location')
    expect(headers?.columns.map((column) => column.header)).toEqual(['Server', 'Content-Type', 'X-Cache', 'Headers'])
    expect(cells('Response headers by location', 0)).toEqual(['edge-fra', 'text/html', 'HIT', '3'])
    expect(cells('Response headers by location', 1)).toEqual(['edge-par', 'text/html', '', '2'])
  })

  it('leaves the cells of a row still running or failed empty, and has no TLS table without TLS', () => {
    const waiting = [row({ probe: probes.paris, status: 'in-progress' }), undefined]
    const [answers, ...rest] = compareRows('website-check', waiting)
    expect(answers?.columns.map((column) => column.text(waiting[0], 0))).toEqual(['', '', '', '', '', '', ''])
    expect(rest.map((table) => table.caption)).toEqual(['Response headers by location'])
  })
})
