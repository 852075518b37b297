// SSL/TLS check and website check end to end in the lab: the app runs in `client`; HTTPS sites with
// certificates from a test CA and HTTP redirectors run in `srv`, named by the lab's Knot DNS.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SslResult } from '../../src/shared/tools/ssl.ts'
import type { WebsiteCheckResult } from '../../src/shared/tools/website-check.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/test-ca.ts'
import { type AppInNamespace, startAppInNamespace } from './app-in-namespace.ts'
import { type Lab, type LabProcess, startLab } from './lab.ts'
import { type LabKnot, startLabKnot } from './peers.ts'
import type { WebPeerConfig } from './scripts/web-peers.ts'

const SITES = { good: '203.0.113.41', expired: '203.0.113.42', legacy: '203.0.113.43', web: '203.0.113.44' } as const
const DAY = 86_400_000
const HSTS = { 'strict-transport-security': 'max-age=31536000' }

const ZONE = `$ORIGIN tlslab.
$TTL 60
@          IN SOA ns.lab.test. hostmaster.lab.test. 2026010101 3600 600 86400 60
@          IN NS  ns.lab.test.
good       IN A   ${SITES.good}
expired    IN A   ${SITES.expired}
legacy     IN A   ${SITES.legacy}
web        IN A   ${SITES.web}
metadata   IN A   169.254.169.254
`

let lab: Lab | null = null
let knot: LabKnot | undefined
let app: AppInNamespace | undefined
let peers: LabProcess | undefined
let ca: TestCa | undefined

beforeAll(async () => {
  if (!opensslAvailable) return console.warn('SKIPPED: the SSL lab tests need openssl')
  lab = await startLab()
  if (!lab) return
  for (const address of Object.values(SITES))
    await lab.exec('srv', 'ip', ['addr', 'add', `${address}/24`, 'dev', 'eth0'])
  knot = await startLabKnot(lab, [{ origin: 'tlslab', text: ZONE }])
  ca = await createTestCa()
  const good = await ca.issue({ names: ['good.tlslab', 'legacy.tlslab'] })
  const expired = await ca.issue({
    names: ['expired.tlslab'],
    notBefore: new Date(Date.now() - 60 * DAY),
    notAfter: new Date(Date.now() - DAY),
  })
  const ocsp = (await ca.ocspResponse(good)).toString('base64')
  const configs: WebPeerConfig[] = [
    { kind: 'tls', host: SITES.good, port: 443, key: good.key, cert: good.chain, headers: HSTS, ocsp },
    { kind: 'tls', host: SITES.expired, port: 443, key: expired.key, cert: expired.chain, headers: HSTS },
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
  ]
  const config = path.join(path.dirname(ca.rootFile), 'web-peers.json')
  await writeFile(config, JSON.stringify(configs))
  peers = lab.spawnNode('srv', path.join(import.meta.dirname, 'scripts/web-peers.ts'), [config])
  await peers.waitForOutput(/^READY$/m)
  // Node's own variable makes the app trust the test CA through its default store.
  app = await startAppInNamespace(lab, { dnsServers: knot.address, env: { NODE_EXTRA_CA_CERTS: ca.rootFile } })
}, 180_000)

afterAll(async () => {
  await app?.stop()
  await peers?.stop()
  await knot?.stop()
  await lab?.stop()
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

  it('stops a redirect to a name that resolves to the cloud metadata address', async (ctx) => {
    if (!app) return ctx.skip()
    const body = await runTool<WebsiteCheckResult>('website-check', 'http://web.tlslab/to-metadata')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toBe(
      'Redirect to http://metadata.tlslab/ stopped: metadata.tlslab resolves to 169.254.169.254, which is not allowed: cloud metadata / link-local',
    )
  })
})
