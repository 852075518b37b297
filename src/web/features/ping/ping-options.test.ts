import { describe, expect, it } from 'vitest'
import { initialPingControls, readPingOptions } from './ping-options.ts'

describe('readPingOptions()', () => {
  it('sends nothing for the defaults', () => {
    expect(readPingOptions(initialPingControls)).toEqual({ ok: true, value: {} })
  })

  it('sends a chosen count and address family', () => {
    expect(readPingOptions({ ...initialPingControls, count: 10, family: '6' })).toEqual({
      ok: true,
      value: { count: 10, family: 6 },
    })
  })

  it('sends the TCP mode with its port, and no port in ICMP mode', () => {
    expect(readPingOptions({ ...initialPingControls, mode: 'tcp', port: ' 8443 ' })).toEqual({
      ok: true,
      value: { mode: 'tcp', port: 8443 },
    })
    expect(readPingOptions({ ...initialPingControls, port: '8443' })).toEqual({ ok: true, value: {} })
  })

  it("rejects a port that is not 1-65535 with the shared schema's message", () => {
    expect(readPingOptions({ ...initialPingControls, mode: 'tcp', port: '70000' })).toEqual({
      ok: false,
      message: 'Port must be 1 to 65535',
    })
    expect(readPingOptions({ ...initialPingControls, mode: 'tcp', port: 'http' })).toMatchObject({ ok: false })
  })
})
