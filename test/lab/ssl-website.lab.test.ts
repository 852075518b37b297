// SSL/TLS check and website check end to end in the lab: the app runs in `client`; HTTPS sites with
// certificates from a test CA and HTTP redirectors run in `srv`, named by the lab's Knot DNS.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SslResult } from '../../src/shared/tools/ssl/schema.ts'
import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab, LabProcess } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'
import type { WebPeerConfig } from './scripts/web-peers.ts'

const SITES = {
  good: '203.0.113.41',
  expired: '203.0.113.42',
  legacy: '203.0.113.43',
  web: '203.0.113.44',
  selfsigned: '203.0.113.45',
  wrong: '203.0.113.46',
  hop1: '203.0.113.47',
  hop2: '203.0.113.48',
  final: '203.0.113.49',
} as const
const DAY = 86_400_000
const HSTS = { 'strict-transport-security': 'max-age=31536000' }
const RANK = ['A+', 'A', 'B', 'C', 'D', 'E', 'F', 'M', 'T']

const ZONE = `$ORIGIN tlslab.
$TTL 60
@          IN SOA ns.lab.test. hostmaster.lab.test. 2026010101 3600 600 86400 60
@          IN NS  ns.lab.test.
good       IN A   ${SITES.good}
expired    IN A   ${SITES.expired}
legacy     IN A   ${SITES.legacy}
web        IN A   ${SITES.web}
selfsigned IN A   ${SITES.selfsigned}
wrong      IN A   ${SITES.wrong}
hop1       IN A   ${SITES.hop1}
hop2       IN A   ${SITES.hop2}
final      IN A   ${SITES.final}
metadata   IN A   169.254.169.254
@          IN CAA 0 issue "lab-ca.test"
@          IN CAA 0 iodef "mailto:security@tlslab"
`
const SECURITY_TXT = `Contact: mailto:security@tlslab\nExpires: ${new Date(Date.now() + 30 * DAY).toISOString()}\n`

let world: LabWithApp | null = null
let app: AppInNamespace | undefined
let peers: LabProcess | undefined
let ca: TestCa | undefined

beforeAll(async () => {
  world = await startLabWithApp({
    suite: 'SSL lab tests',
    needs: { openssl: opensslAvailable },
    zones: [{ origin: 'tlslab', text: ZONE }],
    prepare: startWebPeers,
  })
  app = world?.app
}, 180_000)

/** HTTPS sites with certificates from a test CA and HTTP redirectors in srv, on the SITES addresses. */
async function startWebPeers(lab: Lab) {
  for (const address of Object.values(SITES))
    await lab.exec('srv', 'ip', ['addr', 'add', `${address}/24`, 'dev', 'eth0'])
  ca = await createTestCa()
  const good = await ca.issue({ names: ['good.tlslab', 'legacy.tlslab'] })
  const expired = await ca.issue({
    names: ['expired.tlslab'],
    notBefore: new Date(Date.now() - 60 * DAY),
    notAfter: new Date(Date.now() - DAY),
  })
  const self = await ca.selfSigned(['selfsigned.tlslab'])
  const other = await ca.issue({ names: ['other.tlslab'] })
  const final = await ca.issue({ names: ['final.tlslab'] })
  const ocsp = (await ca.ocspResponse(good)).toString('base64')
  const configs: WebPeerConfig[] = [
    {
      kind: 'tls',
      host: SITES.good,
      port: 443,
      key: good.key,
      cert: good.chain,
      headers: HSTS,
      ocsp,
      files: { '/.well-known/security.txt': { type: 'text/plain; charset=utf-8', body: SECURITY_TXT } },
    },
    { kind: 'tls', host: SITES.expired, port: 443, key: expired.key, cert: expired.chain, headers: HSTS },
    { kind: 'tls', host: SITES.selfsigned, port: 443, key: self.key, cert: self.chain, headers: HSTS },
    { kind: 'tls', host: SITES.wrong, port: 443, key: other.key, cert: other.chain, headers: HSTS },
    { kind: 'tls', host: SITES.final, port: 443, key: final.key, cert: final.chain, headers: HSTS },
    {
      kind: 'tls',
      host: SITES.legacy,
      port: 443,
      key: good.key,
      cert: good.chain,
      headers: HSTS,
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.2',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    },
    {
      kind: 'http',
      host: SITES.web,
      port: 80,
      redirects: { '/start': 'https://good.tlslab/', '/to-metadata': 'http://metadata.tlslab/' },
    },
    {
      kind: 'http',
      host: SITES.hop1,
      port: 80,
      redirects: {
        '/start': { status: 301, location: '/two' },
        '/two': { status: 302, location: 'http://hop2.tlslab/three' },
      },
    },
    {
      kind: 'http',
      host: SITES.hop2,
      port: 80,
      redirects: { '/three': { status: 307, location: 'https://final.tlslab/done' } },
    },
  ]
  const config = path.join(path.dirname(ca.rootFile), 'web-peers.json')
  await writeFile(config, JSON.stringify(configs))
  peers = lab.spawnNode('srv', path.join(import.meta.dirname, 'scripts/web-peers.ts'), [config])
  await peers.waitForOutput(/^READY$/m)
  // Node's own variable makes the app trust the test CA through its default store.
  return { NODE_EXTRA_CA_CERTS: ca.rootFile }
}

afterAll(async () => {
  await peers?.stop()
  await world?.stop()
  await ca?.remove()
})

async function runTool<R>(id: string, input: string) {
  if (!app) throw new Error('the app is not running')
  const res = await app.runTool(id, input)
  expect(res.status).toBe(200)
  return res.json() as { status: string; error?: string; failureSource?: string; result: R; lines: string[] }
}

describe('SSL/TLS check in the lab', () => {
  it('grades the valid certificate in srv A+, reached at its lab address across both routers', async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<SslResult>('ssl', 'good.tlslab')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({ host: 'good.tlslab', port: 443, address: SITES.good, ocspStapling: true })
    expect(body.result.grade.grade).toBe('A+')
    expect(body.result.chain.map((c) => c.subject)).toEqual([
      'CN=NetToolbox Test Intermediate CA',
      'CN=NetToolbox Test Root CA',
    ])
  })

  it('grades the expired certificate T and the TLS 1.0 server B', async (ctx) => {
    if (!app) return ctx.skip()
    const expired = await runTool<SslResult>('ssl', 'expired.tlslab')
    expect(expired.error).toBe('SSL certificate check failed: Certificate has expired')
    expect(expired.result.grade).toMatchObject({ grade: 'T', gradeIfTrusted: 'A+' })
    const legacy = await runTool<SslResult>('ssl', 'legacy.tlslab')
    expect(legacy.result.grade.grade).toBe('B')
    expect(legacy.result.protocols.find((p) => p.protocol === 'TLSv1')?.status).toBe('accepted')
  })

  it('grades the self-signed certificate T and the certificate for another name M, each with its reason', async (ctx) => {
    if (!app) return ctx.skip()
    const self = await runTool<SslResult>('ssl', 'selfsigned.tlslab')
    expect(self.error).toBe('SSL certificate check failed: Certificate is self-signed')
    expect(self.result.address).toBe(SITES.selfsigned)
    expect(self.result.trust).toMatchObject({ trusted: false, selfSigned: true })
    expect(self.result.grade).toMatchObject({
      grade: 'T',
      gradeIfTrusted: 'A+',
      reasons: [{ cap: 'T', text: 'Certificate is self-signed' }],
    })
    const wrong = await runTool<SslResult>('ssl', 'wrong.tlslab')
    expect(wrong.error).toBe('SSL certificate check failed: Certificate name does not match the host')
    expect(wrong.result.address).toBe(SITES.wrong)
    expect(wrong.result.trust).toMatchObject({ trusted: true, hostnameMatch: false })
    expect(wrong.result.trust.hostnameError).toMatch(/wrong\.tlslab/)
    expect(wrong.result.grade).toMatchObject({
      grade: 'M',
      gradeIfTrusted: 'A+',
      reasons: [{ cap: 'M', text: 'Certificate name does not match the host' }],
    })
  })

  it('ranks the valid certificate above the expired, self-signed, wrong-host and TLS 1.0 ones, with their reasons', async (ctx) => {
    if (!app) return ctx.skip()
    const names = ['good', 'expired', 'selfsigned', 'wrong', 'legacy'] as const
    // One run at a time: the app refuses a client more than MAX_CONCURRENT_PER_CLIENT (4) runs at once.
    const grades = {} as Record<(typeof names)[number], SslResult['grade']>
    for (const n of names) grades[n] = (await runTool<SslResult>('ssl', `${n}.tlslab`)).result.grade
    expect(grades.good).toMatchObject({ grade: 'A+', reasons: [] })
    const reasons = (n: (typeof names)[number]) => grades[n].reasons.map((r) => `${r.cap} ${r.text}`)
    expect(reasons('expired')).toEqual(['T Certificate has expired'])
    expect(reasons('selfsigned')).toEqual(['T Certificate is self-signed'])
    expect(reasons('wrong')).toEqual(['M Certificate name does not match the host'])
    expect(reasons('legacy')).toEqual(['B Accepts TLS 1.0 (deprecated)', 'B Accepts TLS 1.1 (deprecated)'])
    for (const worse of names.slice(1)) {
      expect(RANK.indexOf(grades.good.grade), `good vs ${worse}`).toBeLessThan(RANK.indexOf(grades[worse].grade))
    }
  })
})

describe('website check in the lab', () => {
  it('follows the redirect from the HTTP site to the HTTPS site and reports UP', async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<WebsiteCheckResult>('website-check', 'http://web.tlslab/start')
    expect(body.status).toBe('ok')
    expect(body.result.up).toBe(true)
    expect(body.result.hops.map((h) => [h.status, h.address])).toEqual([
      [302, SITES.web],
      [200, SITES.good],
    ])
    expect(body.result.securityHeaders[0]).toMatchObject({ name: 'Strict-Transport-Security', rating: 'good' })
  })

  it("reads the final site's security.txt across the routers and the CAA set of the lab zone", async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<WebsiteCheckResult>('website-check', 'http://web.tlslab/start')
    expect(body.result.securityTxt).toMatchObject({
      state: 'present',
      finalUrl: 'https://good.tlslab/.well-known/security.txt',
      contact: ['mailto:security@tlslab'],
    })
    const checks = body.result.standards.flatMap((c) => c.checks)
    expect(checks.find((c) => c.id === 'security-txt-expires')?.verdict).toBe('pass')
    expect(body.result.caa).toMatchObject({
      state: 'found',
      foundAt: 'tlslab',
      asked: ['good.tlslab', 'tlslab'],
      records: [
        { flags: 0, tag: 'issue', value: 'lab-ca.test' },
        { flags: 0, tag: 'iodef', value: 'mailto:security@tlslab' },
      ],
    })
  })

  it('follows a 3-redirect chain across two HTTP sites onto HTTPS and reports every hop', async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<WebsiteCheckResult>('website-check', 'http://hop1.tlslab/start')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({ up: true, finalStatus: 200, finalUrl: 'https://final.tlslab/done' })
    expect(body.result.hops.map((h) => [h.url, h.status, h.location, h.address])).toEqual([
      ['http://hop1.tlslab/start', 301, '/two', SITES.hop1],
      ['http://hop1.tlslab/two', 302, 'http://hop2.tlslab/three', SITES.hop1],
      ['http://hop2.tlslab/three', 307, 'https://final.tlslab/done', SITES.hop2],
      ['https://final.tlslab/done', 200, null, SITES.final],
    ])
    expect(body.result.tls).toMatchObject({ authorized: true })
    expect(peers?.output()).toContain(`${SITES.hop2} GET /three`)
  })

  it('stops a redirect to a name that resolves to the cloud metadata address', async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<WebsiteCheckResult>('website-check', 'http://web.tlslab/to-metadata')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toBe(
      'Redirect to http://metadata.tlslab/ stopped: metadata.tlslab resolves to 169.254.169.254, which is not allowed: cloud metadata / link-local',
    )
  })
})
