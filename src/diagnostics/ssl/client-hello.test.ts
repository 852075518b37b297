import { describe, expect, it } from 'vitest'
import { buildClientHello } from './client-hello.ts'
import { parseServerHello, readFlight } from './server-flight.ts'

describe('buildClientHello() and readFlight()', () => {
  it('offers the suites at the version asked, and reads a ServerHello and a refusal', () => {
    const hello = buildClientHello({ version: 'TLSv1.1', suites: [0xc014, 0x002f], servername: 'a.example' })
    expect(hello.readUInt16BE(9)).toBe(0x0302)
    expect(hello.subarray(44, 50).toString('hex')).toBe('0006c014002f')
    const body = Buffer.concat([Buffer.from([0x03, 0x02]), Buffer.alloc(32, 1), Buffer.from([0, 0xc0, 0x14, 0])])
    const record = Buffer.concat([Buffer.from([0x16, 3, 2, 0, body.length + 4, 2, 0, 0, body.length]), body])
    expect(readFlight(record, false)).toMatchObject({ kind: 'hello', hello: { version: 0x0302, suite: 0xc014 } })
    expect(readFlight(record.subarray(0, 20), false)).toBeNull()
    expect(readFlight(Buffer.from([0x15, 3, 3, 0, 2, 2, 40]), false)).toEqual({ kind: 'alert', description: 40 })
    expect(parseServerHello(Buffer.alloc(10))).toBeNull()
  })
})
