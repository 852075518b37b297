// One guarded HTTP exchange against loopback servers: the policy is re-checked before connecting,
// the connection uses only the checked address, and failures say where the exchange stopped.
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PolicyDeniedError } from '../../src/diagnostics/net/guarded-connect.ts'
import { HttpHopError, requestHop } from '../../src/diagnostics/net/guarded-http-request.ts'
import { connectTls, TlsHandshakeError } from '../../src/diagnostics/net/guarded-tls.ts'
import { createTargetPolicy } from '../../src/diagnostics/net/policy.ts'

const loopback = { address: '127.0.0.1', family: 4 as const }
const allowLoopback = createTargetPolicy({ allow: ['127.0.0.0/8'], ownAddresses: [] })
const defaultPolicy = createTargetPolicy({ ownAddresses: [] })

describe('requestHop()', () => {
  let server: http.Server
  let port: number
  let connections = 0
  const seen: http.IncomingHttpHeaders[] = []

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers)
      response.writeHead(200, { 'x-test': 'yes' }).end('hello')
    })
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as net.AddressInfo).port
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it('connects to the checked address without resolving the name, and sends the name as Host', async () => {
    const url = new URL(`http://never-resolved.invalid:${port}/path?q=1`)
    const response = await requestHop({
      url,
      address: loopback,
      policy: allowLoopback,
      signal: AbortSignal.timeout(5000),
      timeoutMs: 3000,
    })
    expect(response.status).toBe(200)
    expect(response.headers).toContainEqual({ name: 'x-test', value: 'yes' })
    expect(response.bodyBytes).toBe(5)
    expect(response.timings.connectMs).not.toBeNull()
    expect(seen.at(-1)?.host).toBe(`never-resolved.invalid:${port}`)
    expect(seen.at(-1)?.cookie).toBeUndefined()
  })

  it('refuses an address the policy denies, before any connection', async () => {
    const before = connections
    const url = new URL(`http://127.0.0.1:${port}/`)
    await expect(
      requestHop({ url, address: loopback, policy: defaultPolicy, signal: AbortSignal.timeout(5000), timeoutMs: 3000 }),
    ).rejects.toThrow(PolicyDeniedError)
    expect(connections).toBe(before)
  })

  it('names a refused connection as a connect failure', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as net.AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await requestHop({
      url: new URL(`http://127.0.0.1:${closedPort}/`),
      address: loopback,
      policy: allowLoopback,
      signal: AbortSignal.timeout(5000),
      timeoutMs: 3000,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpHopError)
    expect(error).toMatchObject({ kind: 'connect', code: 'ECONNREFUSED' })
  })
})

describe('connectTls()', () => {
  it('refuses an address the policy denies', async () => {
    await expect(
      connectTls(defaultPolicy, { address: loopback, port: 443, signal: AbortSignal.timeout(5000), timeoutMs: 1000 }),
    ).rejects.toThrow(PolicyDeniedError)
  })

  it('reports a peer that is not a TLS server as a handshake error with its code', async () => {
    const plain = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH\r\n'))
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
    const { port } = plain.address() as net.AddressInfo
    try {
      const error = await connectTls(allowLoopback, {
        address: loopback,
        port,
        signal: AbortSignal.timeout(5000),
        timeoutMs: 3000,
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TlsHandshakeError)
      expect((error as TlsHandshakeError).code).toMatch(/^(ERR_SSL_|ECONNRESET)/)
    } finally {
      plain.close()
    }
  })
})
