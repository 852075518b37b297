import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { createTargetPolicy } from '../net/policy.ts'
import { acceptsLegacy, buildSslv2Hello, buildSslv3Hello, probeLegacy } from './legacy-probe.ts'

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex')

describe('buildSslv3Hello()', () => {
  it('builds a handshake record of version 3.0 whose lengths add up', () => {
    const hello = buildSslv3Hello()
    expect([...hello.subarray(0, 3)]).toEqual([0x16, 0x03, 0x00])
    expect(hello.readUInt16BE(3)).toBe(hello.length - 5)
    expect(hello[5]).toBe(0x01)
    expect(hello.readUIntBE(6, 3)).toBe(hello.length - 9)
    expect([...hello.subarray(9, 11)]).toEqual([0x03, 0x00])
  })
})

describe('buildSslv2Hello()', () => {
  it('builds a CLIENT-HELLO for version 2 with seven cipher specs and a 16-byte challenge', () => {
    const hello = buildSslv2Hello()
    expect((hello[0] ?? 0) & 0x80).toBe(0x80)
    expect(((hello[0] ?? 0) & 0x7f) * 256 + (hello[1] ?? 0)).toBe(hello.length - 2)
    expect(hello[2]).toBe(0x01)
    expect(hello.readUInt16BE(3)).toBe(0x0002)
    expect(hello.readUInt16BE(5)).toBe(21)
    expect(hello.readUInt16BE(9)).toBe(16)
  })
})

describe('acceptsLegacy()', () => {
  it('accepts an SSL 3.0 ServerHello', () => {
    expect(acceptsLegacy('SSLv3', hex('16 0300 004a 02 000046 0300 aa'))).toBe(true)
  })
  it('rejects an alert, a TLS 1.2 ServerHello and an empty reply', () => {
    expect(acceptsLegacy('SSLv3', hex('15 0300 0002 02 28'))).toBe(false)
    expect(acceptsLegacy('SSLv3', hex('16 0303 004a 02 000046 0303 aa'))).toBe(false)
    expect(acceptsLegacy('SSLv3', Buffer.alloc(0))).toBe(false)
  })
  it('accepts an SSL 2.0 SERVER-HELLO that offers a cipher, not one that offers none', () => {
    expect(acceptsLegacy('SSLv2', hex('8100 04 00 01 0002 0300 0003 0010'))).toBe(true)
    expect(acceptsLegacy('SSLv2', hex('8100 04 00 01 0002 0300 0000 0010'))).toBe(false)
  })
})

describe('probeLegacy()', () => {
  it('sends the SSL 3.0 hello over TCP and reads the answer of a server that speaks it', async () => {
    let received: Buffer = Buffer.alloc(0)
    const server = net.createServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        received = chunk
        socket.end(hex('16 0300 004a 02 000046 0300 aa bb cc'))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    const policy = createTargetPolicy({ allow: ['127.0.0.1'], ownAddresses: [] })
    const target = {
      policy,
      address: { address: '127.0.0.1', family: 4 as const },
      port,
      signal: AbortSignal.timeout(5000),
      timeoutMs: 3000,
    }
    try {
      expect(await probeLegacy('SSLv3', target)).toBe(true)
      expect([...received.subarray(0, 3)]).toEqual([0x16, 0x03, 0x00])
      expect(await probeLegacy('SSLv2', target)).toBe(false)
    } finally {
      server.close()
    }
  })
})
