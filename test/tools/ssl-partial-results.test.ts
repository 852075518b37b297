// An SSL/TLS check where some protocol probes get no verdict: a front on loopback hands modern
// hellos to a real HTTPS server, leaves TLS 1.1 hellos unanswered and resets TLS 1.0 hellos. Each
// version is reported as accepted, rejected or not tested with why, and the grade covers only the
// versions tested. Our resolver failing is the server side's failure, worded as ours.
import https from 'node:https'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createSslDiagnostic } from '../../src/diagnostics/ssl/run.ts'
import type { SslResult } from '../../src/shared/tools/ssl/schema.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'

if (!opensslAvailable) console.warn('SKIPPED: SSL partial-result tests need openssl')

const ADDRESS = '127.0.0.31'
const NAME = 'partial.example.test'
const TIMEOUT_MS = 1500

/** client_version of a TLS ClientHello (record 5 bytes, handshake header 4 bytes). */
const helloVersion = (chunk: Buffer) => (chunk.length >= 11 && chunk[0] === 0x16 ? chunk.readUInt16BE(9) : null)

describe.skipIf(!opensslAvailable)('SSL/TLS check with protocol probes that get no verdict', () => {
  let ca: TestCa
  let dns: TableDns
  let servfail: StubDns
  let site: https.Server
  let front: net.Server
  let port: number
  const held = new Set<net.Socket>()

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: [NAME] })
    site = https.createServer({ key: cert.key, cert: cert.chain }, (_request, response) => {
      response.setHeader('strict-transport-security', 'max-age=31536000')
      response.end('ok\n')
    })
    site.on('tlsClientError', () => {})
    front = net.createServer((socket) => {
      socket.on('error', () => {})
      socket.once('data', (chunk: Buffer) => {
        const version = helloVersion(chunk)
        if (version === 0x0302) {
          held.add(socket) // TLS 1.1: never answered
          return
        }
        if (version === 0x0301) {
          socket.resetAndDestroy() // TLS 1.0: reset
          return
        }
        // A TLS server reads its socket's handle directly, so the hello is relayed, not unshifted.
        const upstream = net.connect((site.address() as net.AddressInfo).port, ADDRESS)
        upstream.on('error', () => socket.destroy())
        socket.on('close', () => upstream.destroy())
        upstream.write(chunk)
        socket.pipe(upstream).pipe(socket)
      })
    })
    await new Promise<void>((resolve) => site.listen(0, ADDRESS, resolve))
    await new Promise<void>((resolve) => front.listen(0, ADDRESS, resolve))
    port = (front.address() as net.AddressInfo).port
    dns = await startTableDns({ records: [{ name: NAME, type: 'A', data: ADDRESS }] })
    servfail = await startStubDns('SERVFAIL')
  })
  afterAll(async () => {
    for (const socket of held) socket.destroy()
    site?.closeAllConnections()
    await new Promise((resolve) => site?.close(resolve))
    await new Promise((resolve) => front?.close(resolve))
    await Promise.all([dns?.stop(), servfail?.stop(), ca?.remove()])
  })

  async function check(resolver: string) {
    const ssl = createSslDiagnostic({ trust: createTrustStore(ca.rootFile), connectTimeoutMs: TIMEOUT_MS })
    const netFacade = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [resolver], ownAddresses: [] })
    const request = ssl.request.parse({ input: `${NAME}:${port}` })
    return runTool(ssl, request, { net: netFacade, signal: new AbortController().signal })
  }

  it('reports an unanswered and a reset probe as not tested, with why, and grades only what was tested', async () => {
    const answer = await check(dns.endpoint)
    expect(answer.status).toBe('ok')
    const result = answer.result as SslResult
    expect(result.protocols.map((p) => [p.protocol, p.status, p.note])).toEqual([
      ['TLSv1.3', 'accepted', null],
      ['TLSv1.2', 'accepted', null],
      ['TLSv1.1', 'not-tested', `no handshake within ${TIMEOUT_MS} ms`],
      ['TLSv1', 'not-tested', 'the connection was reset during the handshake'],
      ['SSLv3', 'rejected', null],
      ['SSLv2', 'rejected', null],
    ])
    expect(answer.lines).toContain(
      `Protocols: 4 protocol versions tested: 2 accepted, 2 rejected; not tested, so not covered by the grade: TLS 1.1 (no handshake within ${TIMEOUT_MS} ms), TLS 1.0 (the connection was reset during the handshake)`,
    )
    expect(answer.lines).toContain(`  TLS 1.1  not tested (no handshake within ${TIMEOUT_MS} ms)`)
    // Neither untested version counts against the grade, nor as "not accepted".
    expect(result.grade.grade).toBe('A+')
    expect(result.grade.reasons).toEqual([])
  }, 20_000)

  it("names this server's resolver as the failure, once, when it answers SERVFAIL", async () => {
    const answer = await check(servfail.endpoint)
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${servfail.endpoint} answered SERVFAIL for ${NAME}`,
    })
  }, 20_000)
})
