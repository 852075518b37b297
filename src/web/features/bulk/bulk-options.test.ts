import { describe, expect, it } from 'vitest'
import { describeBulkOptions, initialBulkControls, readBulkOptions } from './bulk-options.ts'

describe('readBulkOptions()', () => {
  it('sends only the DNS options that differ from the defaults, checked by the DNS schema', () => {
    expect(readBulkOptions('dns', initialBulkControls)).toEqual({ ok: true, options: undefined })
    expect(readBulkOptions('dns', { ...initialBulkControls, type: 'mx', dnssec: true })).toEqual({
      ok: true,
      options: { type: 'MX', dnssec: true },
    })
    expect(readBulkOptions('dns', { ...initialBulkControls, resolver: 'cloudflare', server: '127.0.0.1' })).toEqual({
      ok: false,
      message: 'Choose either a public resolver or a custom server',
    })
  })

  it('reads the SSL port and says what is wrong with a bad one', () => {
    expect(readBulkOptions('ssl', { ...initialBulkControls, port: ' 8443 ' })).toEqual({
      ok: true,
      options: { port: 8443 },
    })
    expect(readBulkOptions('ssl', { ...initialBulkControls, port: '70000' })).toEqual({
      ok: false,
      message: 'Port must be 1 to 65535',
    })
    expect(readBulkOptions('ssl', { ...initialBulkControls, port: 'https' })).toEqual({
      ok: false,
      message: 'Port must be 1 to 65535',
    })
    expect(readBulkOptions('whois', { ...initialBulkControls, type: 'MX' })).toEqual({ ok: true })
  })
})

describe('readBulkOptions() for ping', () => {
  it('sends the count, the method and the TCP port, checked by the ping schema', () => {
    expect(readBulkOptions('ping', initialBulkControls)).toEqual({ ok: true, options: undefined })
    expect(readBulkOptions('ping', { ...initialBulkControls, count: '2', mode: 'tcp', port: '8443' })).toEqual({
      ok: true,
      options: { count: 2, mode: 'tcp', port: 8443 },
    })
    // The port is for TCP only: with ICMP it is not sent.
    expect(readBulkOptions('ping', { ...initialBulkControls, port: '8443' })).toEqual({ ok: true, options: undefined })
    expect(readBulkOptions('ping', { ...initialBulkControls, count: 'ten' })).toEqual({
      ok: false,
      message: 'Count must be 1 to 10',
    })
    expect(readBulkOptions('ping', { ...initialBulkControls, count: '11' })).toEqual({
      ok: false,
      message: 'Count must be 1 to 10',
    })
  })
})

describe('describeBulkOptions()', () => {
  it('words the options for the results header and the CSV', () => {
    expect(describeBulkOptions('dns', { type: 'MX' })).toBe("Record type MX · this server's resolver · DNSSEC off")
    expect(describeBulkOptions('dns', undefined)).toBe(
      "Record types A, AAAA, MX, NS, TXT, CNAME · this server's resolver · DNSSEC off",
    )
    expect(describeBulkOptions('dns', { resolver: 'cloudflare', dnssec: true })).toBe(
      'Record types A, AAAA, MX, NS, TXT, CNAME · resolver Cloudflare (1.1.1.1) · DNSSEC on',
    )
    expect(describeBulkOptions('ssl', { port: 8443 })).toBe('Port 8443 unless the input names one')
    expect(describeBulkOptions('ping', undefined)).toBe('4 probes · ICMP echo')
    expect(describeBulkOptions('ping', { count: 1, mode: 'tcp' })).toBe('1 probe · TCP connect to port 443')
    expect(describeBulkOptions('rdns', undefined)).toBe('')
  })
})
