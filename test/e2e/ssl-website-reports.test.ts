// End to end: the SSL check shows its suite table per version, its TLS features and each grade cap
// with its rule and fix; the website check shows its standards report by category, with verdicts in
// words and the fix for each failure; an expired certificate's failed check still gets its full
// report drawn. Both reports flow in the page at a phone's and a desktop's width, in either theme.
// All against real servers on loopback, names from Knot.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const ready = browserAvailable && knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: the SSL and website report end-to-end tests need chromium, knotd and openssl')

const ZONE = `$ORIGIN reports.test.
$TTL 300
@    IN SOA ns1.reports.test. hostmaster.reports.test. 1 7200 3600 1209600 300
@    IN NS  ns1.reports.test.
ns1  IN A   127.0.0.1
tls  IN A   127.0.0.71
web  IN A   127.0.0.72
old  IN A   127.0.0.73
`
const DAY = 86_400_000

/**
 * At a 390 px phone and a 1440 px desktop, light and dark: the report flows in the page (its result
 * area scrolls nothing inside itself) and the page ends at its footer. Returns what fails.
 */
async function reportsInPage(page: Page): Promise<string[]> {
  const problems: string[] = []
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark']) {
      const { inner, below } = await page.evaluate((dark) => {
        document.documentElement.classList.toggle('dark', dark)
        document.documentElement.classList.toggle('light', !dark)
        const result = document.querySelector('section[aria-label="Results"]')
        const footer = document.querySelector('footer')
        const scrolled = document.scrollingElement ?? document.documentElement
        return {
          inner: result ? result.scrollHeight - result.clientHeight : Number.NaN,
          below: footer ? scrolled.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY) : Number.NaN,
        }
      }, theme === 'dark')
      if (!(inner <= 1)) problems.push(`${width} px ${theme}: the result scrolls ${inner} px inside its box`)
      if (!(below <= 40)) problems.push(`${width} px ${theme}: the page goes on ${below} px below its footer`)
    }
  }
  return problems
}

describe.skipIf(!ready)('SSL and website reports in the browser', () => {
  let ca: TestCa
  let knot: KnotServer
  let tlsSite: TlsSite
  let expiredSite: TlsSite
  let webSite: HttpSite
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['tls.reports.test'] })
    tlsSite = await startTlsSite({
      host: '127.0.0.71',
      key: cert.key,
      cert: cert.chain,
      maxVersion: 'TLSv1.2',
      ciphers: 'ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256',
      headers: { 'strict-transport-security': 'max-age=31536000' },
    })
    // Expired 5.0 days before the check (and a few seconds): 5 whole days, however the clock is read.
    const expired = await ca.issue({
      names: ['old.reports.test'],
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - 5 * DAY),
    })
    expiredSite = await startTlsSite({ host: '127.0.0.73', key: expired.key, cert: expired.chain })
    webSite = await startHttpSite('127.0.0.72', (_request, response) => {
      response.setHeader('x-frame-options', 'ALLOWALL')
      response.setHeader('strict-transport-security', 'max-age=31536000')
      response.end('<!doctype html><title>web</title>')
    })
    knot = await startKnot([{ origin: 'reports.test', text: ZONE }])
    server = await startHttpServer({
      DNS_SERVERS: knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/24',
      EXTRA_CA_FILE: ca.rootFile,
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await Promise.all([tlsSite?.close(), expiredSite?.close(), webSite?.close()])
    await knot?.stop()
    await ca?.remove()
  })

  it('shows the TLS 1.2 suite table, the TLS features and the A+ cap with its rule and fix', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ssl-check`)
    await page.getByLabel('domain', { exact: true }).fill(`tls.reports.test:${tlsSite.port}`)
    await page.getByRole('button', { name: 'Check SSL', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    const table = output.getByRole('table', { name: 'TLS 1.2 cipher suites' })
    await table.waitFor({ timeout: 60_000 })
    const rows = await table.getByRole('row').allInnerTexts()
    expect(rows[0]).toMatch(/Suite\s+Key exchange\s+Auth\s+Encryption\s+MAC\s+Bits\s+Strength/i)
    expect(rows.slice(1).map((row) => row.split('\t').slice(1, 8).join(' | '))).toEqual(
      expect.arrayContaining([
        'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 | ECDHE | RSA | AES-256-GCM | AEAD | 256 | Strong',
        'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 | ECDHE | RSA | AES-128-GCM | AEAD | 128 | Strong',
      ]),
    )
    const features = output.getByRole('region', { name: 'TLS features' })
    await expect(features.innerText()).resolves.toMatch(/Server order enforced/)
    await expect(features.innerText()).resolves.toMatch(/ALPN/)
    const caps = output.getByRole('list', { name: 'Grade caps' })
    const capsText = await caps.innerText()
    expect(capsText).toContain('[capped at A] TLS 1.3 is not supported (needed for A+)')
    expect(capsText).toContain(
      'Rule: SSL Labs rating guide: A+ needs TLS 1.3 and HSTS with max-age of at least 6 months',
    )
    // The site sends HSTS: the fix asks only for what the scan found missing.
    const fixes = capsText.split('\n').filter((line) => line.startsWith('How to fix:'))
    expect(fixes).toEqual(['How to fix: Enable TLS 1.3 (it needs OpenSSL 1.1.1 or later).'])
    expect(capsText).toContain('ssl_protocols TLSv1.2 TLSv1.3;')
    await expect(output.innerText()).resolves.toMatch(/Score \d+ of 100: protocol 100 \(30 %\), key exchange \d+/)
    expect(await reportsInPage(page)).toEqual([])
    await context.close()
  })

  it('draws the full report of an expired certificate under the failure, days counted down', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ssl-check`)
    await page.getByLabel('domain', { exact: true }).fill(`old.reports.test:${expiredSite.port}`)
    await page.getByRole('button', { name: 'Check SSL', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    await output.getByRole('alert').waitFor({ timeout: 60_000 })
    await expect(output.getByRole('alert').innerText()).resolves.toContain('Certificate has expired')
    await expect(output.getByRole('img', { name: 'Grade T' }).count()).resolves.toBe(1)
    const caps = await output.getByRole('list', { name: 'Grade caps' }).innerText()
    expect(caps).toContain('[capped at T] Certificate has expired')
    expect(caps).toContain('How to fix: Renew the certificate')
    const text = await output.innerText()
    expect(text).toContain('(expired 5 days ago)')
    expect(text).toMatch(/Trusted\s+no \(it has expired\)/)
    await expect(output.getByRole('table', { name: 'TLS 1.2 cipher suites' }).count()).resolves.toBe(1)
    await context.close()
  })

  it('shows the website standards by category, ALLOWALL as a failure with its nginx fix, and HSTS over http ignored', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/website-check`)
    await page.getByLabel('URL or domain', { exact: true }).fill(`http://web.reports.test:${webSite.port}/`)
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    const report = output.getByRole('region', { name: 'Website standards' })
    await report.waitFor({ timeout: 30_000 })
    const headers = report.getByRole('region', { name: 'Security headers' })
    const text = await headers.innerText()
    expect(text).toMatch(/Security headers\s+score \d+\/100/)
    expect(text).toContain('Fail\nFrame protection (X-Frame-Options / frame-ancestors)')
    expect(text).toContain('ALLOWALL is not a valid value: browsers ignore it, so any site may frame these pages')
    expect(text).toContain('add_header X-Frame-Options "SAMEORIGIN" always;')
    expect(text).toContain('Served over plain HTTP: browsers ignore HSTS here')
    const https = await report.getByRole('region', { name: 'HTTPS & redirect' }).innerText()
    expect(https).toContain('answers 200 without redirecting to HTTPS')
    expect(https).toContain('return 301 https://$host$request_uri;')
    for (const name of ['HTTP versions', 'IPv6', 'Cookies', 'Compression'])
      await expect(report.getByRole('region', { name }).count()).resolves.toBe(1)
    expect(await reportsInPage(page)).toEqual([])
    await context.close()
  })
})
