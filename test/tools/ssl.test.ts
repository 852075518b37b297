// SSL/TLS check against real TLS servers on loopback, with certificates from a test CA made by
// openssl at start and names served by Knot DNS.
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createSslDiagnostic } from '../../src/diagnostics/ssl/run.ts'
import type { SslResult } from '../../src/shared/tools/ssl/schema.ts'

import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { freePort } from '../support/net/ports.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')
const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: SSL check tests need knotd (Debian knot) and openssl')

const DAY = 86_400_000
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
const RANK = ['A+', 'A', 'B', 'C', 'D', 'E', 'F', 'M', 'T']
const rank = (grade: string) => RANK.indexOf(grade)

describe.skipIf(!ready)('SSL check against TLS servers on loopback', () => {
  let ca: TestCa
  let knot: KnotServer
  let netFacade: Net
  const sites: Record<string, TlsSite> = {}
  const diagnostic = () => createSslDiagnostic({ trust: createTrustStore(ca.rootFile), connectTimeoutMs: 3000 })
  let ssl: ReturnType<typeof createSslDiagnostic>

  beforeAll(async () => {
    ca = await createTestCa()
    const good = await ca.issue({
      names: ['good.example.test', 'www.good.example.test', 'legacy.example.test', 'tls12.example.test'],
    })
    const expired = await ca.issue({
      names: ['expired.example.test'],
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - 30 * DAY),
    })
    const soon = await ca.issue({ names: ['soon.example.test'], notAfter: new Date(Date.now() + 10 * DAY + 3_600_000) })
    const other = await ca.issue({ names: ['other.example.test'] })
    const self = await ca.selfSigned(['selfsigned.example.test'])
    const ocsp = await ca.ocspResponse(good)
    const site = (host: string, cert: { key: string; chain: string }, extra: object = {}) =>
      startTlsSite({ host, key: cert.key, cert: cert.chain, headers: HSTS, ...extra })
    sites.good = await site('127.0.0.11', good, { ocsp })
    sites.expired = await site('127.0.0.12', expired)
    sites.selfsigned = await site('127.0.0.13', self)
    sites.wrong = await site('127.0.0.14', other)
    sites.legacy = await site('127.0.0.15', good, {
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.2',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    })
    sites.tls12 = await site('127.0.0.16', good, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', headers: {} })
    sites.soon = await site('127.0.0.17', soon)
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    netFacade = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [knot.endpoint] })
    ssl = diagnostic()
  })
  afterAll(async () => {
    await Promise.all(Object.values(sites).map((s) => s.close()))
    await knot?.stop()
    await ca?.remove()
  })

  async function check(name: keyof typeof sites & string) {
    const site = sites[name]
    if (!site) throw new Error(`no site ${name}`)
    const request = ssl.request.parse({ input: `${name}.example.test:${site.port}` })
    const answer = await runTool(ssl, request, { net: netFacade, signal: new AbortController().signal })
    return { ...answer, result: answer.result as SslResult }
  }

  it('grades a valid certificate with TLS 1.2/1.3, long HSTS and OCSP stapling A+', async () => {
    const answer = await check('good')
    expect(answer.status).toBe('ok')
    const r = answer.result
    expect(r.address).toBe('127.0.0.11')
    expect(r.grade.grade).toBe('A+')
    expect(r.grade.reasons).toEqual([])
    expect(r.certificate.subject).toBe('CN=good.example.test')
    expect(r.certificate.subjectAltNames).toContain('DNS:good.example.test')
    expect(r.certificate).toMatchObject({
      keyType: 'RSA',
      keyBits: 2048,
      signatureAlgorithm: 'sha256WithRSAEncryption',
    })
    expect(r.chain.map((c) => [c.subject, c.selfSigned])).toEqual([
      ['CN=NetToolbox Test Intermediate CA', false],
      ['CN=NetToolbox Test Root CA', true],
    ])
    expect(r.trust).toMatchObject({ trusted: true, hostnameMatch: true, expired: false, selfSigned: false })
    const status = Object.fromEntries(r.protocols.map((p) => [p.protocol, p.status]))
    expect(status).toEqual({
      'TLSv1.3': 'accepted',
      'TLSv1.2': 'accepted',
      'TLSv1.1': 'rejected',
      TLSv1: 'rejected',
      SSLv3: 'rejected',
      SSLv2: 'rejected',
    })
    expect(r.connection).toMatchObject({ protocol: 'TLSv1.3', aead: true, forwardSecrecy: true })
    expect(r.connection.keyExchange).toMatch(/^X25519/)
    expect(r.ocspStapling).toBe(true)
    expect(r.insecureSuites).toBe(false)
    expect(r.hsts).toMatchObject({ present: true, maxAge: 31_536_000, includeSubDomains: true })
    expect(answer.lines[1]).toBe('Grade: A+')
    expect(answer.lines).toContain('Protocols: 6 protocol versions tested: 2 accepted, 4 rejected')
  })

  it('gives an expired certificate T and says what the grade would be if trusted', async () => {
    const answer = await check('expired')
    expect(answer.status).toBe('failed')
    expect(answer.failureSource).toBe('target')
    expect(answer.error).toBe('SSL certificate check failed: Certificate has expired')
    expect(answer.result.grade).toMatchObject({ grade: 'T', gradeIfTrusted: 'A+' })
    expect(answer.result.certificate.daysLeft).toBeLessThan(-29)
    expect(answer.result.trust.error).toBe('CERT_HAS_EXPIRED')
  })

  it('gives a self-signed certificate T', async () => {
    const answer = await check('selfsigned')
    expect(answer.status).toBe('failed')
    expect(answer.error).toBe('SSL certificate check failed: Certificate is self-signed')
    expect(answer.result.grade.grade).toBe('T')
    expect(answer.result.trust).toMatchObject({ trusted: false, selfSigned: true })
    expect(answer.result.chain).toEqual([])
  })

  it('gives a certificate for another name M, though its chain is trusted', async () => {
    const answer = await check('wrong')
    expect(answer.error).toBe('SSL certificate check failed: Certificate name does not match the host')
    expect(answer.result.grade).toMatchObject({ grade: 'M', gradeIfTrusted: 'A+' })
    expect(answer.result.trust).toMatchObject({ trusted: true, hostnameMatch: false })
    expect(answer.result.trust.hostnameError).toMatch(/wrong\.example\.test/)
  })

  it('caps a server accepting TLS 1.0 and 1.1 at B and names both', async () => {
    const answer = await check('legacy')
    expect(answer.status).toBe('ok')
    const r = answer.result
    const status = Object.fromEntries(r.protocols.map((p) => [p.protocol, p.status]))
    expect(status).toMatchObject({
      'TLSv1.3': 'rejected',
      'TLSv1.2': 'accepted',
      'TLSv1.1': 'accepted',
      TLSv1: 'accepted',
    })
    expect(r.grade.grade).toBe('B')
    expect(r.grade.reasons.map((x) => x.text)).toEqual(
      expect.arrayContaining(['Accepts TLS 1.0 (deprecated)', 'Accepts TLS 1.1 (deprecated)']),
    )
    expect(r.connection.protocol).toBe('TLSv1.2')
  })

  it('keeps a TLS 1.2-only server without HSTS at A and says why it is not A+', async () => {
    const r = (await check('tls12')).result
    expect(r.grade.grade).toBe('A')
    expect(r.grade.reasons.map((x) => x.text)).toEqual([
      'TLS 1.3 is not supported (needed for A+)',
      'No HSTS with max-age of at least 180 days (needed for A+)',
    ])
    expect(r.hsts.present).toBe(false)
    expect(r.ocspStapling).toBe(false)
  })

  it('ranks the valid certificate above the expired, self-signed, wrong-host and TLS 1.0 ones', async () => {
    const grades = Object.fromEntries(
      await Promise.all(
        ['good', 'expired', 'selfsigned', 'wrong', 'legacy'].map(async (n) => [n, (await check(n)).result.grade.grade]),
      ),
    )
    for (const worse of ['expired', 'selfsigned', 'wrong', 'legacy']) {
      expect(rank(grades.good), `good vs ${worse}`).toBeLessThan(rank(grades[worse]))
    }
  })

  it('warns when fewer than 30 days remain', async () => {
    const answer = await check('soon')
    expect(answer.status).toBe('ok')
    expect(answer.result.certificate.daysLeft).toBe(10)
    expect(answer.result.trust.expiresSoon).toBe(true)
    expect(answer.lines).toContain('  WARNING: the certificate expires in 10 days (less than 30)')
  })

  it('reports a closed port as a refused connection with the product prefix', async () => {
    const port = await freePort('127.0.0.1')
    const request = ssl.request.parse({ input: `good.example.test:${port}` })
    const answer = await runTool(ssl, request, { net: netFacade, signal: new AbortController().signal })
    expect(answer.status).toBe('failed')
    expect(answer.error).toBe(`SSL certificate check failed: connection refused by 127.0.0.11:${port}`)
  })

  it('reports a server that does not speak TLS as a failed handshake', async () => {
    const plain = net.createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'))
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.11', resolve))
    const { port } = plain.address() as net.AddressInfo
    try {
      const answer = await runTool(ssl, ssl.request.parse({ input: `good.example.test:${port}` }), {
        net: netFacade,
        signal: new AbortController().signal,
      })
      expect(answer.status).toBe('failed')
      expect(answer.error).toMatch(
        new RegExp(`^SSL certificate check failed: TLS handshake with 127\\.0\\.0\\.11:${port} failed: the server `),
      )
    } finally {
      plain.close()
    }
  })

  describe('through the API, with only the default trust store', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
    })
    afterAll(async () => t?.close())
    const post = (input: string) => checkTool(t, 'ssl', input)

    it('does not trust the test CA: grade T, with the grade the server would get if trusted', async () => {
      const body = (await post(`good.example.test:${sites.good?.port}`)).json()
      expect(body.status).toBe('failed')
      expect(body.error).toBe(
        `SSL certificate check failed: Certificate is not trusted: ${UNKNOWN_ISSUER}; the chain sent leads to CN=NetToolbox Test Root CA`,
      )
      expect(body.result.grade).toMatchObject({ grade: 'T', gradeIfTrusted: 'A+' })
    })

    it('answers 400 "Invalid domain format" for an IP, a bad name or a bad port', async () => {
      for (const input of ['127.0.0.11', 'bad_domain!', 'good.example.test:70000', 'good.example.test:']) {
        const res = await post(input)
        expect(res.statusCode, input).toBe(400)
        expect(res.json().error.message).toBe('Invalid domain format')
      }
    })

    it('refuses a name that resolves to the cloud metadata address', async () => {
      const body = (await post('metadata.example.test')).json()
      expect(body.failureSource).toBe('policy')
      expect(body.error).toBe(
        'SSL certificate check failed: metadata.example.test resolves to 169.254.169.254, which is not allowed: cloud metadata / link-local',
      )
    })
  })
})
