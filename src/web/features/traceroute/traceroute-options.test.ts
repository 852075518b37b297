import { describe, expect, it } from 'vitest'
import { initialTracerouteControls, readTracerouteOptions } from './traceroute-options.ts'

describe('readTracerouteOptions()', () => {
  it('sends nothing for the defaults', () => {
    expect(readTracerouteOptions(initialTracerouteControls)).toEqual({ ok: true, value: {} })
  })

  it('sends count, family and a UDP or TCP protocol with its port', () => {
    expect(readTracerouteOptions({ count: 10, family: '6', protocol: 'tcp', port: '443' })).toEqual({
      ok: true,
      value: { count: 10, family: 6, protocol: 'tcp', port: 443 },
    })
  })

  it('leaves the port out for ICMP', () => {
    expect(readTracerouteOptions({ ...initialTracerouteControls, port: '443' })).toEqual({ ok: true, value: {} })
  })

  it('rejects a bad port with the shared message', () => {
    expect(readTracerouteOptions({ ...initialTracerouteControls, protocol: 'udp', port: '0' })).toEqual({
      ok: false,
      message: 'Port must be 1 to 65535',
    })
  })
})
