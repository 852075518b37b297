// End to end: a person types a domain into the DNS panel and sees the real records from Knot.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')
const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the DNS end-to-end test needs chromium and knotd')

describe.skipIf(!ready)('DNS lookup in the browser', () => {
  let knot: KnotServer
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    server = await startHttpServer({ DNS_SERVERS: knot.endpoint })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  it('shows the real MX records of the lab zone and a success toast', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup`)
    await page.getByRole('heading', { level: 1, name: 'DNS' }).waitFor()
    expect(await page.title()).toBe('DNS Lookup | NetToolbox')
    await page.getByLabel('domain', { exact: true }).fill('example.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    await output.getByText('10 mail.example.test.').first().waitFor()
    // The records table is the view; the dig-style text sits behind "Raw text".
    await output.getByText('Raw text').click()
    const text = await output.innerText()
    expect(text).toContain('example.test.\t300\tIN\tA\t198.51.100.10')
    expect(text).toContain('20 backup-mail.example.test.')
    await page.getByText('DNS completed successfully').waitFor()
    await context.close()
  })

  it('shows the product message for a malformed domain without calling a resolver', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('bad_domain!')
    await page.getByLabel('domain', { exact: true }).press('Enter')
    await page.getByText('Invalid domain format').first().waitFor()
    await context.close()
  })
})
