// End to end: the input rule in the browser. A URL pasted into the DNS and Ping panels runs its host
// (the name Knot serves), a note under the field says what will run, and a refused input shows its
// message beside the field, which says aria-invalid and points at the message with aria-describedby.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')
const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the input rule end-to-end test needs chromium and knotd')

const PASTED = 'https://user:pw@example.test:8443/shop?q=1#top'

describe.skipIf(!ready)('the input rule in the browser', () => {
  let knot: KnotServer
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    // No TARGET_ALLOW: the lab's documentation addresses are refused by the target policy, so Ping
    // names the name and the address it resolved, and sends nothing.
    server = await startHttpServer({ DNS_SERVERS: knot.endpoint })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  async function openPanel(path: string, label: string): Promise<Page> {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}${path}`)
    // fill() waits until the form is enabled, once the page's script has taken it over.
    await page.getByLabel(label, { exact: true }).fill('')
    return page
  }

  /** The message the field points at, with the field's aria-invalid. */
  async function fieldMessage(page: Page, label: string) {
    const field = page.getByLabel(label, { exact: true })
    const describedBy = await field.getAttribute('aria-describedby')
    const text = describedBy ? await page.locator(`[id="${describedBy}"]`).textContent() : null
    return { invalid: await field.getAttribute('aria-invalid'), text }
  }

  it('DNS: a pasted URL looks up its host, and the note says so before the run', async () => {
    const page = await openPanel('/dns-lookup', 'domain')
    await page.getByLabel('domain', { exact: true }).fill(PASTED)
    expect(await fieldMessage(page, 'domain')).toEqual({ invalid: null, text: 'Runs as example.test' })
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    await page.getByText('DNS completed successfully').waitFor()
    await output.getByText('Raw text').click()
    expect(await output.innerText()).toContain('example.test.\t300\tIN\tA\t198.51.100.10')
    await page.context().close()
  })

  it('Ping: a pasted URL pings its host, the address Knot gives for it', async () => {
    const page = await openPanel('/ping', 'Domain or IP Address')
    await page.getByLabel('Domain or IP Address', { exact: true }).fill(PASTED)
    await page.getByRole('button', { name: 'Ping', exact: true }).click()
    const alert = page.getByRole('region', { name: 'Results' }).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/^example\.test resolves to (198\.51\.100\.10|2001:db8::10)/)
    await page.context().close()
  })

  it('a refused input shows its message beside the field, aria-invalid, until the field is edited', async () => {
    const page = await openPanel('/mail-test', 'domain')
    const field = page.getByLabel('domain', { exact: true })
    await field.fill('not a domain!')
    await field.press('Enter')
    await page.locator('[data-field-error]').waitFor()
    expect(await fieldMessage(page, 'domain')).toEqual({ invalid: 'true', text: 'Invalid domain format' })
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Mail Test failed: Invalid domain format' }).waitFor()
    await field.fill('info@example.test')
    expect(await fieldMessage(page, 'domain')).toEqual({ invalid: null, text: 'Runs as example.test' })
    await page.context().close()
  })

  it('an empty field keeps its button usable; pressing it says what to type beside the field', async () => {
    const page = await openPanel('/asn-lookup', 'IP')
    const button = page.getByRole('button', { name: 'Check ASN', exact: true })
    expect(await button.isEnabled()).toBe(true)
    await button.click()
    await page.locator('[data-field-error]').waitFor()
    expect(await fieldMessage(page, 'IP')).toEqual({ invalid: 'true', text: 'Please enter an IP address' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true')
    await page.context().close()
  })
})
