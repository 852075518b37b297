// Website check against real HTTP(S) servers on loopback: a 3-hop redirect chain ending on HTTPS
// (test CA), redirects to denied addresses, status, headers and body cap. Names come from Knot DNS.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')
const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: website check tests need knotd (Debian knot) and openssl')

const SECURE_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=()',
}

describe.skipIf(!ready)('website check against HTTP servers on loopback', () => {
  let ca: TestCa
  let knot: KnotServer
  let net: Net
  let site: HttpSite
  let other: HttpSite
  let internal: HttpSite
  let secure: TlsSite
  let check: ReturnType<typeof createWebsiteCheckDiagnostic>

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['secure.example.test'] })
    secure = await startTlsSite({ host: '127.0.0.23', key: cert.key, cert: cert.chain, headers: SECURE_HEADERS })
    internal = await startHttpSite('127.0.1.1', (_q, s) => s.end('internal'))
    other = await startHttpSite('127.0.0.22', (_q, s) => {
      s.writeHead(307, { location: `https://secure.example.test:${secure.port}/final` }).end()
    })
    const redirects: Record<string, string> = {
      '/start': '/two',
      '/two': `${other.origin('other.example.test')}/three`,
      '/to-internal': `${internal.origin('internal.example.test')}/`,
      '/to-metadata': 'http://metadata.example.test/latest/meta-data/',
      '/to-private': 'http://10.0.0.1/',
      '/loop': '/loop',
      '/to-ftp': 'ftp://other.example.test/',
    }
    site = await startHttpSite('127.0.0.21', (request, response) => {
      const path = request.url ?? ''
      const target = redirects[path]
      if (target)
        return response.writeHead(path === '/start' ? 301 : 302, { location: target, 'set-cookie': 'id=1' }).end()
      if (path === '/big') return response.end(Buffer.alloc(2 * 1024 * 1024, 97))
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here')
    })
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    net = createNet({ targetAllow: ['127.0.0.0/24'], dnsServers: [knot.endpoint] })
    check = createWebsiteCheckDiagnostic({ trust: createTrustStore(ca.rootFile), publicUrl: 'https://toolbox.example' })
  })
  afterAll(async () => {
    await Promise.all([site, other, internal, secure].map((s) => s?.close()))
    await knot?.stop()
    await ca?.remove()
  })

  async function run(input: string) {
    const answer = await runTool(check, check.request.parse({ input }), { net, signal: new AbortController().signal })
    return { ...answer, result: answer.result as WebsiteCheckResult }
  }

  it('follows a 3-redirect chain onto HTTPS and reports each hop, the final status and UP', async () => {
    const answer = await run(`${site.origin('site.example.test')}/start`)
    expect(answer.status).toBe('ok')
    const r = answer.result
    expect(r.up).toBe(true)
    expect(r.finalStatus).toBe(200)
    expect(r.finalUrl).toBe(`https://secure.example.test:${secure.port}/final`)
    expect(r.hops.map((h) => [h.status, h.address, h.location])).toEqual([
      [301, '127.0.0.21', '/two'],
      [302, '127.0.0.21', `${other.origin('other.example.test')}/three`],
      [307, '127.0.0.22', `https://secure.example.test:${secure.port}/final`],
      [200, '127.0.0.23', null],
    ])
    for (const hop of r.hops) {
      expect(hop.timings.dnsMs).not.toBeNull()
      expect(hop.timings.connectMs).not.toBeNull()
      expect(hop.timings.firstByteMs).not.toBeNull()
    }
    expect(r.hops.map((h) => h.timings.tlsMs === null)).toEqual([true, true, true, false])
    expect(r.tls).toMatchObject({ protocol: 'TLSv1.3', authorized: true })
    expect(answer.lines[1]).toBe('Status: UP (200 OK)')
  })

  it('sends its own User-Agent and never the cookies a site set', async () => {
    await run(`${site.origin('site.example.test')}/start`)
    const seen = site.requests.filter((q) => q.url === '/two').at(-1)
    expect(seen?.headers['user-agent']).toBe('NetToolbox-WebsiteCheck/1.34 (+https://toolbox.example)')
    expect(seen?.headers.cookie).toBeUndefined()
  })

  it('rates the security headers of the final answer', async () => {
    const r = (await run(`${site.origin('site.example.test')}/start`)).result
    expect(r.securityHeaders.map((c) => [c.name, c.rating])).toEqual([
      ['Strict-Transport-Security', 'good'],
      ['Content-Security-Policy', 'good'],
      ['X-Content-Type-Options', 'good'],
      ['X-Frame-Options', 'good'],
      ['Referrer-Policy', 'good'],
      ['Permissions-Policy', 'good'],
    ])
    expect(r.headers).toContainEqual({ name: 'x-frame-options', value: 'DENY' })
  })

  it('reports a 404 as DOWN with every security header missing', async () => {
    const answer = await run(`${site.origin('site.example.test')}/nothing`)
    expect(answer.status).toBe('ok')
    expect(answer.result).toMatchObject({ up: false, finalStatus: 404, statusText: 'Not Found' })
    expect(answer.result.securityHeaders.every((c) => c.rating === 'missing' && !c.present)).toBe(true)
    expect(answer.lines[1]).toBe('Status: DOWN (404 Not Found)')
  })

  it('stops a redirect to a loopback address outside TARGET_ALLOW before connecting', async () => {
    const before = internal.connections()
    const answer = await run(`${site.origin('site.example.test')}/to-internal`)
    expect(answer.status).toBe('failed')
    expect(answer.failureSource).toBe('policy')
    expect(answer.error).toBe(
      `Redirect to ${internal.origin('internal.example.test')}/ stopped: internal.example.test resolves to 127.0.1.1, which is not allowed: loopback`,
    )
    expect(internal.connections()).toBe(before)
    expect(answer.result.hops.at(-1)).toMatchObject({ address: null, status: null })
  })

  it('stops redirects to the cloud metadata name and to a private address literal', async () => {
    const metadata = await run(`${site.origin('site.example.test')}/to-metadata`)
    expect(metadata.failureSource).toBe('policy')
    expect(metadata.error).toMatch(/resolves to 169\.254\.169\.254, which is not allowed: cloud metadata/)
    const literal = await run(`${site.origin('site.example.test')}/to-private`)
    expect(literal.failureSource).toBe('policy')
    expect(literal.error).toBe(
      'Redirect to http://10.0.0.1/ stopped: 10.0.0.1 is not allowed: private network (RFC 1918)',
    )
  })

  it('gives up after 10 redirects and refuses non-HTTP redirect targets', async () => {
    const loop = await run(`${site.origin('site.example.test')}/loop`)
    expect(loop.error).toBe('Too many redirects (more than 10)')
    expect(loop.result.hops).toHaveLength(11)
    const ftp = await run(`${site.origin('site.example.test')}/to-ftp`)
    expect(ftp.error).toBe('Redirect to an unsupported scheme: ftp:')
  })

  it('reads at most 1 MB of the body', async () => {
    const r = (await run(`${site.origin('site.example.test')}/big`)).result
    expect(r.bodyTruncated).toBe(true)
    expect(r.bodyBytes).toBeGreaterThanOrEqual(1024 * 1024)
    expect(r.bodyBytes).toBeLessThan(2 * 1024 * 1024)
  })
})
