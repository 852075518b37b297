// End to end: a person tests a domain in the mail panel and reads the scored report, category by
// category, with why each check matters and how to fix it; the peers are real (Knot with TLSA
// records, STARTTLS servers on loopback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import {
  type MailStandardsWorld,
  STANDARDS_HOSTS,
  startMailStandardsWorld,
} from '../support/mail/mail-standards-world.ts'
import { freePort } from '../support/net/ports.ts'

const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the mail end-to-end test needs chromium and knotd')

describe.skipIf(!ready)('Mail test scored report in the browser', () => {
  let world: MailStandardsWorld
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    const smtp = await freePort(STANDARDS_HOSTS.dane)
    world = await startMailStandardsWorld({ smtp, https: await freePort(STANDARDS_HOSTS.policy) })
    server = await startHttpServer({
      DNS_SERVERS: world.knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/8,::1/128',
      MAIL_TEST_PORT: String(smtp),
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await world?.stop()
  })

  it('shows each category with its verdict and score, and how to fix a failed check', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/mail-test`)
    await page.getByLabel('domain', { exact: true }).fill('danebad.test')
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    const report = page.getByRole('region', { name: 'Scored report' })
    await report.waitFor({ timeout: 40_000 })
    const dane = report.getByRole('listitem', { name: 'DANE' })
    expect(await dane.locator('summary').first().innerText()).toMatch(/^DANE\s+fail · 0\/100$/)
    expect(await report.getByRole('listitem', { name: 'SPF' }).locator('summary').first().innerText()).toMatch(
      /^SPF\s+warning · 50\/100$/,
    )
    expect(await report.getByRole('listitem', { name: 'IPv6' }).locator('summary').first().innerText()).toMatch(
      /^IPv6\s+warning · 50\/100$/,
    )
    await dane.locator('summary').first().click()
    await dane.getByText(/the certificate presented matches none of the TLSA records/).waitFor()
    await dane
      .getByText(/How to fix: Publish a TLSA record/)
      .first()
      .waitFor()
    await context.close()
  })
})
