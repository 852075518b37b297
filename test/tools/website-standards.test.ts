import http2 from 'node:http2'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import type { WebsiteCheckResult, WebsiteStandardId } from '../../src/shared/tools/website-check/schema.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: website standards tests need knotd (Debian knot) and openssl')

const zone = (v6Port: number) => `$ORIGIN standards.test.
$TTL 300
@      IN SOA ns1.standards.test. hostmaster.standards.test. 1 7200 3600 1209600 300
@      IN NS  ns1.standards.test.
ns1    IN A   127.0.0.1
good   IN A   127.0.0.61
weak   IN A   127.0.0.64
hop    IN A   127.0.0.65
short  IN A   127.0.0.66
dual   IN A   127.0.0.67
dual   IN AAAA ::1
dead6  IN A   127.0.0.68
dead6  IN AAAA ::1
; port ${v6Port} is served on ::1 for "dual" only
`

const GOOD_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), geolocation=()',
  'alt-svc': 'h3=":443"; ma=86400, h2=":443"',
  'set-cookie': 'sid=abc; Path=/; Secure; HttpOnly; SameSite=Lax',
}
const PAGE = `<!doctype html><title>ok</title>${'<p>standards</p>'.repeat(200)}`

describe.skipIf(!ready)('website standards against servers on loopback', () => {
  let ca: TestCa
  let knot: KnotServer
  let net: Net
  let good: http2.Http2SecureServer
  let goodPlain: HttpSite
  let weak: HttpSite
  let hop: HttpSite
  let short: TlsSite
  let dual: HttpSite
  let dual6: HttpSite
  let dead6: HttpSite
  let check: ReturnType<typeof createWebsiteCheckDiagnostic>

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['good.standards.test', 'short.standards.test'] })
    good = http2.createSecureServer({ key: cert.key, cert: cert.chain, allowHTTP1: true }, (request, response) => {
      for (const [name, value] of Object.entries(GOOD_HEADERS)) response.setHeader(name, value)
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
      response.setHeader('content-type', 'text/html')
      if (gzip) response.setHeader('content-encoding', 'gzip')
      response.end(gzip ? gzipSync(PAGE) : PAGE)
    })
    await new Promise<void>((resolve) => good.listen(443, '127.0.0.61', resolve))
    goodPlain = await startHttpSite(
      '127.0.0.61',
      (request, response) => response.writeHead(301, { location: `https://good.standards.test${request.url}` }).end(),
      80,
    )
    weak = await startHttpSite('127.0.0.64', (_request, response) => {
      response.setHeader('strict-transport-security', 'max-age=31536000')
      response.setHeader('x-frame-options', 'ALLOWALL')
      response.setHeader('content-security-policy', "script-src 'self' 'unsafe-inline'")
      response.setHeader('referrer-policy', 'unsafe-url')
      response.setHeader('set-cookie', ['plain=1', 'cross=2; Secure; HttpOnly; SameSite=None'])
      response.end(PAGE)
    })
    hop = await startHttpSite('127.0.0.65', (_q, s) =>
      s.writeHead(302, { location: 'https://good.standards.test/' }).end(),
    )
    short = await startTlsSite({
      host: '127.0.0.66',
      key: cert.key,
      cert: cert.chain,
      headers: { 'strict-transport-security': 'max-age=86400' },
    })
    dual = await startHttpSite('127.0.0.67', (_q, s) => s.end('v4'))
    dual6 = await startHttpSite('::1', (_q, s) => s.end('v6'), dual.port)
    dead6 = await startHttpSite('127.0.0.68', (_q, s) => s.end('v4 only'))
    knot = await startKnot([{ origin: 'standards.test', text: zone(dual.port) }])
    net = createNet({ targetAllow: ['127.0.0.0/24', '::1/128'], dnsServers: [knot.endpoint] })
    check = createWebsiteCheckDiagnostic({ trust: createTrustStore(ca.rootFile), probeTimeoutMs: 3000 })
  })
  afterAll(async () => {
    good?.close()
    await Promise.all([goodPlain, weak, hop, short, dual, dual6, dead6].map((s) => s?.close()))
    await knot?.stop()
    await ca?.remove()
  })

  async function run(input: string) {
    const answer = await runTool(check, check.request.parse({ input }), { net, signal: new AbortController().signal })
    const result = answer.result as WebsiteCheckResult
    const checks = result.standards.flatMap((c) => c.checks)
    const verdict = (id: WebsiteStandardId) => checks.filter((c) => c.id === id).map((c) => `${c.verdict}: ${c.detail}`)
    return { answer, result, verdict, checks }
  }

  it('passes an HTTP/2 site with Alt-Svc h3, every header, a flagged cookie and gzip, reached from http on the same host', async () => {
    const { result, verdict, answer } = await run('good.standards.test')
    expect(result.finalUrl).toBe('https://good.standards.test/')
    expect(verdict('https')).toEqual(['pass: Served over HTTPS (TLSv1.3): https://good.standards.test/'])
    expect(verdict('certificate')[0]).toMatch(/^pass/)
    expect(verdict('http-redirect')).toEqual([
      'pass: http://good.standards.test/ redirects (301) to https://good.standards.test/',
    ])
    expect(verdict('http2')).toEqual(['pass: Offered h2 and http/1.1, the server selected h2'])
    expect(verdict('http3')).toEqual(['pass: Advertised: Alt-Svc h3=":443"; ma=86400'])
    expect(verdict('frame-protection')).toEqual(['pass: Framing is controlled by CSP frame-ancestors instead'])
    expect(verdict('cookies')).toEqual(['pass: Secure, HttpOnly, SameSite=Lax (set by good.standards.test/)'])
    expect(verdict('compression')[0]).toMatch(/^pass: Content-Encoding: gzip \(\d+ bytes sent\)$/)
    expect(verdict('ipv6-address')).toEqual(['fail: good.standards.test has no AAAA records'])
    expect(verdict('ipv6-reachable')).toEqual(['not-tested: No IPv6 address to connect to'])
    const scores = Object.fromEntries(result.standards.map((c) => [c.name, c.score]))
    expect(scores).toEqual({
      'HTTPS & redirect': 100,
      'HTTP versions': 100,
      IPv6: 0,
      'Security headers': 100,
      Cookies: 100,
      Compression: 100,
      // Every path answers the same HTML page, so there is no security.txt (a warning); this zone's
      // server refuses the TLD and root questions, so CAA and DNSSEC could not be determined.
      'security.txt': 50,
      'DNS: CAA & DNSSEC': null,
    })
    expect(answer.lines).toContain('  IPv6: 0/100')
    expect(answer.lines).toContain(
      '        Fix: Give the web server an IPv6 address and publish it in an AAAA record for the host name.',
    )
  })

  it('ignores HSTS over plain HTTP, calls ALLOWALL invalid, weak CSP and unsafe-url weak, and judges each cookie', async () => {
    const { result, verdict } = await run(`http://weak.standards.test:${weak.port}/`)
    expect(result.up).toBe(true)
    expect(verdict('hsts')).toEqual([
      'fail: Served over plain HTTP: browsers ignore HSTS here (Strict-Transport-Security: max-age=31536000)',
    ])
    expect(verdict('frame-protection')).toEqual([
      'fail: ALLOWALL is not a valid value: browsers ignore it, so any site may frame these pages (X-Frame-Options: ALLOWALL)',
    ])
    expect(verdict('csp')).toEqual([
      "warning: Allows inline scripts ('unsafe-inline') (Content-Security-Policy: script-src 'self' 'unsafe-inline')",
    ])
    expect(verdict('referrer-policy')).toEqual([
      'warning: Other sites may receive the origin or full URL (unsafe-url) (Referrer-Policy: unsafe-url)',
    ])
    expect(verdict('content-type-options')[0]).toMatch(/^fail: Browsers may guess/)
    expect(verdict('cookies')).toEqual([
      `fail: no flags; no Secure flag: sent over plain HTTP too; no HttpOnly: scripts can read it; no SameSite: sent on cross-site requests in some browsers (set by weak.standards.test:${weak.port}/)`,
      `pass: Secure, HttpOnly, SameSite=None (set by weak.standards.test:${weak.port}/)`,
    ])
    expect(verdict('http-redirect')).toEqual([
      `fail: http://weak.standards.test:${weak.port}/ answers 200 without redirecting to HTTPS`,
    ])
    expect(verdict('https')).toEqual(['fail: No HTTPS: no connection to weak.standards.test port 443 (ECONNREFUSED)'])
    expect(verdict('http2')[0]).toMatch(/^not-tested: Needs an HTTPS answer/)
    expect(verdict('compression')).toEqual([
      `warning: Sent uncompressed (${PAGE.length} bytes) although br and gzip were offered`,
    ])
    expect(verdict('ipv6-address')).toEqual(['fail: weak.standards.test has no AAAA records'])
  })

  it('fails a first redirect that leaves the host, though the chain ends on HTTPS', async () => {
    const { result, verdict } = await run(`http://hop.standards.test:${hop.port}/`)
    expect(result.finalUrl).toBe('https://good.standards.test/')
    expect(verdict('http-redirect')).toEqual([
      `fail: The first redirect goes to another host (https://good.standards.test/); redirect to https://hop.standards.test:${hop.port}/ first`,
    ])
    expect(verdict('https')[0]).toMatch(/^pass/)
  })

  it('warns on HSTS shorter than 6 months and on a server without ALPN h2, and says HTTP/3 is not advertised', async () => {
    const { verdict } = await run(`https://short.standards.test:${short.port}/`)
    expect(verdict('hsts')).toEqual([
      'warning: HTTPS is enforced for only 1 day (180 or more is advised) (Strict-Transport-Security: max-age=86400)',
    ])
    expect(verdict('http2')).toEqual(['warning: Offered h2 and http/1.1, the server selected http/1.1: HTTP/1.1 only'])
    expect(verdict('http3')).toEqual(['warning: No Alt-Svc header advertises HTTP/3'])
    expect(verdict('cookies')).toEqual(['not-tested: The site set no cookies on the requests checked'])
  })

  it('connects over IPv6 to the AAAA address (::1), and fails an AAAA that does not answer', async () => {
    const reachable = await run(`http://dual.standards.test:${dual.port}/`)
    expect(reachable.verdict('ipv6-address')).toEqual(['pass: AAAA ::1'])
    expect(reachable.verdict('ipv6-reachable')).toEqual(['pass: Answered HTTP 200 over IPv6 from [::1]'])
    expect(dual6.requests.length).toBeGreaterThan(0)
    const dead = await run(`http://dead6.standards.test:${dead6.port}/`)
    expect(dead.verdict('ipv6-address')).toEqual(['pass: AAAA ::1'])
    expect(dead.verdict('ipv6-reachable')).toEqual([
      `fail: Over IPv6: no connection to dead6.standards.test port ${dead6.port} (ECONNREFUSED)`,
    ])
    const literal = await run(`http://[::1]:${dual.port}/`)
    expect(literal.verdict('ipv6-reachable')).toEqual(['pass: Answered HTTP 200 over IPv6 from [::1]'])
    // An address has no DNS name: CAA and DNSSEC are not tested, and that is nobody's failure.
    expect(literal.verdict('caa')).toEqual(['not-tested: The URL names the address ::1: CAA applies to DNS names only'])
    expect(literal.verdict('dnssec')).toEqual(['not-tested: The URL names the address ::1: no DNS name to validate'])
    expect(literal.checks.filter((c) => c.id === 'caa' || c.id === 'dnssec').map((c) => c.failureSource)).toEqual([
      null,
      null,
    ])
  })
})
