// Client-initiated renegotiation, both answers: Node's own TLS server completes a renegotiation the
// client asks for (its default, up to three in ten minutes), and the same server with renegotiation
// turned off (SSL_OP_NO_RENEGOTIATION) refuses it. The verdicts on OpenSSL, GnuTLS and nginx, and
// testssl.sh's on the same servers, are in ssl-vulnerabilities.test.ts.
import { constants } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import tls from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTargetPolicy } from '../../src/diagnostics/net/policy.ts'
import { scanServer } from '../../src/diagnostics/ssl/scan-server.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'

if (!opensslAvailable) console.warn('SKIPPED: the renegotiation test needs openssl to make its certificate')

describe.skipIf(!opensslAvailable)('client-initiated renegotiation', () => {
  let ca: TestCa
  const servers: tls.Server[] = []

  beforeAll(async () => {
    ca = await createTestCa()
  }, 60_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
    await ca?.remove()
  })

  async function finding(secureOptions: number) {
    const leaf = await ca.issue({ names: ['renego.lab.test'] })
    const server = tls.createServer({
      key: leaf.key,
      cert: leaf.chain,
      maxVersion: 'TLSv1.2',
      secureOptions,
    })
    server.on('secureConnection', (socket) => socket.on('error', () => {}))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const target = {
      policy: createTargetPolicy({ allow: ['127.0.0.1'], ownAddresses: [] }),
      address: { address: '127.0.0.1', family: 4 as const },
      port: (server.address() as AddressInfo).port,
      servername: 'renego.lab.test',
      signal: AbortSignal.timeout(60_000),
      timeoutMs: 5000,
    }
    const scan = await scanServer(target, { leaf: Buffer.alloc(0), ocspResponse: null, deadlineMs: 30_000 })
    return scan.vulnerabilities?.find((f) => f.id === 'client-renegotiation')
  }

  it('finds a server that renegotiates when the client asks vulnerable', async () => {
    const result = await finding(0)
    expect(result?.verdict).toBe('vulnerable')
    expect(result?.detail).toBe('the server renegotiated when the client asked (TLSv1.2)')
  }, 60_000)

  it('finds a server that refuses it not vulnerable', async () => {
    const result = await finding(constants.SSL_OP_NO_RENEGOTIATION)
    expect(result?.verdict).toBe('not-vulnerable')
    expect(result?.detail).toBe('the server refused a renegotiation the client asked for (TLSv1.2)')
  }, 60_000)
})
