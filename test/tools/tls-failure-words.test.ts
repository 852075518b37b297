// Failed TLS handshakes told in words: the SSL check, the website check and the mail test's
// STARTTLS against loopback peers that refuse old versions with an alert, hang up on the
// ClientHello, answer in plain text, or present a certificate for another name. Each says what the
// peer did, and nothing a user reads (lines, error, any string of the result) carries a library
// code (ERR_SSL_…) or an OpenSSL reason string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailDiagnostic } from '../../src/diagnostics/mail/run.ts'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import type { AnyDiagnostic } from '../../src/diagnostics/registry.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createSslDiagnostic } from '../../src/diagnostics/ssl/run.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import type { MailResult } from '../../src/shared/tools/mail/schema.ts'

import type { ToolAnswer } from '../../src/shared/tools/tool-answer.ts'

import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { freePort } from '../support/net/ports.ts'
import { type Peer, startBrokenStarttlsPeer, startBrokenTlsPeer } from '../support/tls/broken-tls-peers.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

if (!opensslAvailable) console.warn('SKIPPED: the TLS failure wording test needs openssl')

/** What Node's TLS library and OpenSSL say for themselves: never shown to users. */
const LIBRARY_CODE = /ERR_[A-Z0-9_]+/
const OPENSSL_REASON = /:error:[0-9A-F]+:|routines:|SSL routines/i

const HOSTS = { tls13: '127.0.0.91', hangUp: '127.0.0.92', plainText: '127.0.0.93' } as const
const CLOSED = 'the server closed the connection during the handshake'
const NOT_TLS = 'the server answered with something other than TLS'

describe.skipIf(!opensslAvailable)('TLS handshake failures in words, in every TLS tool', () => {
  let ca: TestCa
  let dns: TableDns
  let netFacade: Net
  let tls13: TlsSite
  const peers: Peer[] = []
  let smtpPort: number
  let tlsPort: number
  /** Every answer the tests produced, for the scan at the end. */
  const answers: { what: string; answer: ToolAnswer }[] = []

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['tls13.words.test'] })
    tls13 = await startTlsSite({ host: HOSTS.tls13, key: cert.key, cert: cert.chain, minVersion: 'TLSv1.3' })
    tlsPort = await freePort(HOSTS.hangUp)
    smtpPort = await freePort(HOSTS.hangUp)
    peers.push(
      await startBrokenTlsPeer(HOSTS.hangUp, 'hang-up', tlsPort),
      await startBrokenTlsPeer(HOSTS.plainText, 'plain-text', tlsPort),
      await startBrokenStarttlsPeer(HOSTS.hangUp, smtpPort, 'hang-up'),
      await startBrokenStarttlsPeer(HOSTS.plainText, smtpPort, 'plain-text'),
    )
    dns = await startTableDns({
      records: Object.entries(HOSTS).map(([id, address]) => ({
        name: `${id.toLowerCase()}.words.test`,
        type: 'A' as const,
        data: address,
      })),
    })
    netFacade = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [dns.endpoint], ownAddresses: [] })
  }, 60_000)

  afterAll(async () => {
    await Promise.all([tls13?.close(), ...peers.map((p) => p.close())])
    await Promise.all([dns?.stop(), ca?.remove()])
  })

  const trust = () => createTrustStore(ca.rootFile)
  async function run<R>(diagnostic: AnyDiagnostic, input: string): Promise<ToolAnswer & { result: R }> {
    const request = diagnostic.request.parse({ input })
    const answer = await runTool(diagnostic, request, { net: netFacade, signal: new AbortController().signal })
    answers.push({ what: `${diagnostic.id} ${input}`, answer })
    return answer as ToolAnswer & { result: R }
  }
  const ssl = (input: string) => run(createSslDiagnostic({ trust: trust(), connectTimeoutMs: 3000 }), input)
  const website = (input: string) =>
    run<WebsiteCheckResult>(createWebsiteCheckDiagnostic({ trust: trust(), probeTimeoutMs: 3000 }), input)
  const mail = (input: string) =>
    run<MailResult>(
      createMailDiagnostic({ smtpPort, timeouts: { connectMs: 3000, bannerMs: 3000, commandMs: 3000, tlsMs: 3000 } }),
      input,
    )

  it('the SSL check names the alert of each refused version, and a hang-up or plain text in words', async () => {
    const refusing = await ssl(`tls13.words.test:${tls13.port}`)
    expect(refusing.lines).toContain('  TLS 1.2  rejected (the server answered with a protocol_version alert)')
    expect(refusing.lines).toContain('  TLS 1.1  rejected (the server answered with a protocol_version alert)')
    const hangUp = await ssl(`hangup.words.test:${tlsPort}`)
    expect(hangUp.error).toContain(`TLS handshake with ${HOSTS.hangUp}:${tlsPort} failed: ${CLOSED}`)
    const plainText = await ssl(`plaintext.words.test:${tlsPort}`)
    expect(plainText.error).toContain(`TLS handshake with ${HOSTS.plainText}:${tlsPort} failed: ${NOT_TLS}`)
  }, 60_000)

  it('the website check says what the server did in the failing hop', async () => {
    const hangUp = await website(`https://hangup.words.test:${tlsPort}/`)
    expect(hangUp.result.hops[0]?.error).toBe(`SSL Certificate Error: ${CLOSED}`)
    const plainText = await website(`https://plaintext.words.test:${tlsPort}/`)
    expect(plainText.result.hops[0]?.error).toMatch(new RegExp(`^SSL Certificate Error: ${NOT_TLS}`))
    // By address, the certificate (for tls13.words.test) does not name the host asked for.
    const byAddress = await website(`https://${HOSTS.tls13}:${tls13.port}/`)
    expect(byAddress.result.hops[0]?.error).toBe('SSL Certificate Error: the certificate does not name this host')
  }, 60_000)

  it("the mail test's STARTTLS says the server hung up, or answered in plain text", async () => {
    const hangUp = await mail(HOSTS.hangUp)
    expect(hangUp.result.mx[0]?.addresses[0]?.smtp?.error).toBe(`TLS handshake failed: ${CLOSED}`)
    const plainText = await mail(HOSTS.plainText)
    expect(plainText.result.mx[0]?.addresses[0]?.smtp?.error).toMatch(new RegExp(`^TLS handshake failed: ${NOT_TLS}`))
  }, 60_000)

  it('shows no library code or OpenSSL reason string in any line, error or result string', () => {
    expect(answers.map((a) => a.what)).toHaveLength(8)
    const leaks = answers.flatMap(({ what, answer }) =>
      [...answer.lines, answer.error ?? '', JSON.stringify(answer.result ?? null)]
        .filter((text) => LIBRARY_CODE.test(text) || OPENSSL_REASON.test(text))
        .map((text) => `${what}: ${text.slice(0, 300)}`),
    )
    expect(leaks).toEqual([])
  })
})
