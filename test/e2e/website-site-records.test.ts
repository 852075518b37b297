// End to end: the website check shows the site's security.txt fields, the CAA records that apply
// to its host and its DNSSEC status, with their verdicts in the standards report, against a signed
// Knot hierarchy (its root key the configured trust anchor) and an HTTPS peer on loopback.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type SecurityTxtSite, startSecurityTxtSite } from '../support/lab/security-txt-site.ts'
import { SITE_ADDRESS, type SiteRecordsDns, startSiteRecordsDns } from '../support/lab/site-records-dns.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'

const ready = browserAvailable && knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: the website records end-to-end test needs chromium, knotd and openssl')

describe.skipIf(!ready)('security.txt, CAA and DNSSEC in the website check', () => {
  let ca: TestCa
  let dns: SiteRecordsDns
  let site: SecurityTxtSite
  let server: RunningServer
  let browser: TestBrowser
  let dir: string

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['*.shop.web', 'www.plain', 'www.bogus'] })
    site = await startSecurityTxtSite({ host: SITE_ADDRESS, key: cert.key, cert: cert.chain, now: new Date() })
    dns = await startSiteRecordsDns()
    dir = await mkdtemp(path.join(tmpdir(), 'anchors-'))
    const anchors = path.join(dir, 'root.ds')
    await writeFile(anchors, dns.trustAnchorText)
    server = await startHttpServer({
      DNS_SERVERS: dns.endpoint,
      DNSSEC_TRUST_ANCHORS: anchors,
      TARGET_ALLOW: '127.59.0.0/16',
      EXTRA_CA_FILE: ca.rootFile,
    })
    browser = await launchBrowser()
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await site?.close()
    await dns?.stop()
    await ca?.remove()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('shows the security.txt fields, the CAA set found at the parent and a validated host', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/website-check`)
    await page.getByLabel('URL or domain', { exact: true }).fill(`https://valid.shop.web:${site.port}/`)
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    const records = output.getByRole('region', { name: 'security.txt, CAA and DNSSEC' })
    await records.waitFor({ timeout: 30_000 })
    const file = await records.getByRole('region', { name: 'security.txt' }).innerText()
    expect(file).toContain(`Found at https://valid.shop.web:${site.port}/.well-known/security.txt`)
    expect(file).toMatch(/Contact\s+mailto:security@shop\.web/)
    expect(file).toMatch(/Preferred-Languages\s+en, de/)
    expect(file).toMatch(/Signature\s+Not signed/)
    const caa = await records.getByRole('region', { name: 'CAA records' }).innerText()
    expect(caa).toContain('Found at shop.web (applies to valid.shop.web, which has none of its own)')
    expect(caa).toMatch(/issuewild\s+;/)
    const dnssec = await records.getByRole('region', { name: 'DNSSEC' }).innerText()
    expect(dnssec).toContain('Signed and validated')
    const report = output.getByRole('region', { name: 'Website standards' })
    const verdicts = await report.getByRole('region', { name: 'security.txt' }).innerText()
    expect(verdicts).toContain('Pass\nsecurity.txt Contact')
    expect(verdicts).toContain('Warning\nsecurity.txt OpenPGP signature')
    expect(verdicts).toContain('gpg --clearsign security.txt')
    await expect(report.getByRole('region', { name: 'DNS: CAA & DNSSEC' }).innerText()).resolves.toMatch(
      /score 100\/100/,
    )
    await context.close()
  })

  it('says when there is no security.txt, no CAA anywhere and an unsigned zone', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/website-check`)
    await page.getByLabel('URL or domain', { exact: true }).fill(`https://www.plain:${site.port}/`)
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    const records = page
      .getByRole('region', { name: 'Results' })
      .getByRole('region', { name: 'security.txt, CAA and DNSSEC' })
    await records.waitFor({ timeout: 30_000 })
    const text = await records.innerText()
    expect(text).toContain('answered HTTP 404')
    expect(text).toContain('No CAA: any CA may issue certificates for www.plain (asked www.plain, plain)')
    expect(text).toContain('Unsigned')
    await context.close()
  })
})
