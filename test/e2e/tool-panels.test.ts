// End to end in Chromium: every tool panel's label and button, every input rule of docs/product.md a person
// can reach, the toasts, Clear Results, the copy and download actions, and the analytics the runs
// send (none under Do-Not-Track or Global Privacy Control).
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CatalogueEntry, catalogue, findEntry } from '../../src/shared/catalogue.ts'
import { browserAvailable } from '../support/browser/browser.ts'
import { eventSent, navigate, type Site, startSite } from '../support/browser/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the tool panels end-to-end test needs chromium')

const entry = (id: string): CatalogueEntry => {
  const found = findEntry(id)
  if (!found) throw new Error(`no catalogue entry ${id}`)
  return found
}

/** docs/product.md messages reachable from each panel, with an input that triggers them. */
const invalidInputs: Array<[id: string, input: string, message: string]> = [
  ['whois', 'bad_domain!', 'Invalid domain format'],
  ['ssl', 'bad_domain!', 'Invalid domain format'],
  ['dns', 'bad_domain!', 'Invalid domain format'],
  ['ping', 'bad host!', 'Invalid domain or IP format'],
  ['traceroute', 'bad host!', 'Invalid domain or IP format'],
  ['mail', 'bad host!', 'Invalid domain format'],
  ['geolocation', 'https://bad_host!/path', 'Invalid domain or IP format'],
  ['blacklist', 'bad host!', 'Invalid domain or IP format'],
  ['rdns', '300.1.2.3', 'Invalid IP address format'],
  ['asn', '300.1.2.3', 'Please enter a valid IP address'],
  ['abuse', '1.2.3.4.5', 'Please enter a valid IP address'],
  [
    'abuse',
    '1.2.3',
    '1.2.3 is an ambiguous IPv4 spelling (the system would read it as 1.2.0.3); write the address as four decimal numbers from 0 to 255',
  ],
  ['website-check', 'ftp://example.com', 'Please enter a valid URL'],
]

describe.skipIf(!browserAvailable)('tool panels in the browser', () => {
  let site: Site
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    site = await startSite()
    context = await site.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url })
    page = await context.newPage()
    await page.goto(site.url('/'))
  })
  afterAll(async () => {
    await site?.close()
  })

  const toast = (text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ state: 'attached' })
  const results = () => page.getByRole('region', { name: 'Results' })
  const submit = (tool: CatalogueEntry) => page.getByRole('button', { name: tool.button, exact: true })

  async function openTool(tool: CatalogueEntry) {
    await navigate(page, `/${tool.route}`)
    await submit(tool).waitFor()
  }

  it("labels every panel's input and button as the product says", async () => {
    for (const tool of catalogue.filter((t) => t.kind === 'tool')) {
      await openTool(tool)
      if (tool.label) await page.getByLabel(tool.label, { exact: true }).waitFor()
      else expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0)
      await results().getByText('Results will appear here...').waitFor()
    }
  }, 60_000)

  /** The inline message the field points at (aria-describedby), once the field says aria-invalid. */
  async function fieldError(tool: CatalogueEntry): Promise<string | null> {
    const field = page.getByLabel(tool.label ?? '', { exact: true })
    await page.locator('[data-field-error]').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    return page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()
  }

  it.each(invalidInputs)(
    '%s: "%s" shows "%s" beside the field and in a toast, until Clear Results',
    async (id, input, message) => {
      const tool = entry(id)
      await openTool(tool)
      const field = page.getByLabel(tool.label ?? '', { exact: true })
      await field.fill(input)
      await field.press('Enter')
      expect(await fieldError(tool)).toBe(message)
      await toast(`${tool.name} failed: ${message}`)
      expect(await results().textContent()).toContain('Results will appear here...')
      await page.getByRole('button', { name: 'Clear Results' }).click()
      expect(await page.locator('[data-field-error]').count()).toBe(0)
      expect(await field.getAttribute('aria-invalid')).toBeNull()
      expect(await page.getByRole('button', { name: 'Clear Results' }).count()).toBe(0)
    },
  )

  it('asks for input beside the field and with a toast when the field is blank', async () => {
    for (const id of ['ping', 'whois', 'mail']) {
      const tool = entry(id)
      await openTool(tool)
      await page.getByLabel(tool.label ?? '', { exact: true }).fill('   ')
      await submit(tool).click()
      expect(await fieldError(tool)).toBe('Please enter a valid domain or IP address')
      await toast('Please enter a valid domain or IP address')
      expect(await results().textContent()).toContain('Results will appear here...')
    }
  })

  it('asks for a phone number, then a valid one, in error toasts', async () => {
    await navigate(page, '/reverse-phone-lookup')
    const field = page.getByLabel('Phone Number', { exact: true })
    await field.fill('  ')
    await field.press('Enter')
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Error' })
      .filter({ hasText: 'Please enter a phone number' })
      .first()
      .waitFor()
    await field.fill('12-34')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Please enter a valid phone number' }).first().waitFor()
  })

  it('keeps the Website Check, ASN and Abuse buttons usable while the input is blank, and says what to type', async () => {
    for (const [id, message] of [
      ['website-check', 'Please enter a URL'],
      ['asn', 'Please enter an IP address'],
      ['abuse', 'Please enter an IP address'],
    ] as const) {
      const tool = entry(id)
      await openTool(tool)
      await page.getByLabel(tool.label ?? '', { exact: true }).fill('  ')
      expect(await submit(tool).isEnabled()).toBe(true)
      await submit(tool).click()
      expect(await fieldError(tool)).toBe(message)
    }
  })

  it("shows Website Check's legend and safety warning, ASN's explanation and Abuse's risk legend and advice", async () => {
    await openTool(entry('website-check'))
    await page.getByText('Up: the site answered', { exact: false }).waitFor()
    await page.getByText('Down: an error status', { exact: false }).waitFor()
    await page.getByText('only visit sites you trust', { exact: false }).waitFor()
    await openTool(entry('asn'))
    await page.getByText('An autonomous system (AS) is a network', { exact: false }).waitFor()
    await openTool(entry('abuse'))
    await page.getByText('Risk levels', { exact: false }).waitFor()
    await page.getByText(/^Above 50:/).waitFor()
    await page.getByText(/^Above 25:/).waitFor()
  })

  it('runs What Is My IP with its own toast, keeps the page still, and copies and downloads the result', async () => {
    const tool = entry('whatismyip')
    await openTool(tool)
    const box = () => results().locator('..').boundingBox()
    const footerTop = async () => (await page.getByRole('contentinfo').boundingBox())?.y
    const [boxBefore, footerBefore] = [await box(), await footerTop()]
    const used = eventSent(page, 'tool_used')
    const reported = eventSent(page, 'tool_result')
    await submit(tool).click()
    await toast('IP lookup completed successfully')
    // The structured view shows the address; the same facts as text only behind "Raw text".
    await results().getByText('Raw text').click()
    await results().getByText('Your IP: 127.0.0.1').waitFor()
    expect(await box()).toEqual(boxBefore)
    expect(await footerTop()).toBe(footerBefore)

    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await toast('Copied to clipboard')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Your IP: 127\.0\.0\.1\n/)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^nettoolbox-whatismyip-\d{8}-\d{6}\.json$/)
    const saved = JSON.parse(await readFile(await download.path(), 'utf8'))
    expect(saved).toMatchObject({ tool: 'whatismyip', status: 'ok', result: { ip: '127.0.0.1' } })

    await Promise.all([used, reported])
    const events = await site.events()
    const usedEvent = events.find((e) => e.name === 'tool_used')?.properties
    expect(usedEvent).toMatchObject({ tool_name: 'whatismyip' })
    expect(usedEvent).not.toHaveProperty('input_value')
    const result = events.find((e) => e.name === 'tool_result')?.properties
    expect(result).toMatchObject({ tool_name: 'whatismyip', success: true })
    expect(result?.result_size).toBeGreaterThan(0)
  })

  it('shows a failed diagnosis in red with its toast, and still offers its answer for download', async () => {
    const tool = entry('ping')
    await openTool(tool)
    await page.getByLabel(tool.label ?? '', { exact: true }).fill('127.0.0.1')
    await page.getByLabel(tool.label ?? '', { exact: true }).press('Enter')
    await toast('Ping failed: 127.0.0.1 is not allowed: loopback')
    expect(await results().getByRole('alert').textContent()).toBe('127.0.0.1 is not allowed: loopback')
    await page.getByRole('button', { name: 'Download JSON' }).waitFor()
  })

  it('ends every streamed run cleanly: a finished run, ok or failed, leaves no aborted request', async () => {
    const clean = await site.newContext()
    const cleanPage = await clean.newPage()
    const failed: string[] = []
    // Analytics events go out with keepalive: a navigation detaches one still in flight and the
    // page reports it aborted, while the browser still delivers it. They are checked below by
    // what reached the server, not by the page's view of them.
    const isBeacon = (url: string) => new URL(url).pathname === '/api/events'
    const beacons: { name: string; session: unknown }[] = []
    cleanPage.on('request', (request) => {
      if (!isBeacon(request.url())) return
      const body = request.postDataJSON() as { name: string; properties: Record<string, unknown> }
      beacons.push({ name: body.name, session: body.properties.session_id })
    })
    cleanPage.on('requestfailed', (request) => {
      if (!isBeacon(request.url())) failed.push(`${request.url()} ${request.failure()?.errorText}`)
    })
    /** Resolves with how the run's request ended: "finished", or the browser's reason for failing it. */
    const ending = (tool: string) =>
      new Promise<string>((resolve) => {
        const isRun = (url: string) => new URL(url).pathname === `/api/tools/${tool}`
        cleanPage.on('requestfinished', (request) => isRun(request.url()) && resolve('finished'))
        cleanPage.on('requestfailed', (request) => isRun(request.url()) && resolve(request.failure()?.errorText ?? ''))
      })
    await cleanPage.goto(site.url('/what-is-my-ip'))
    const ip = ending('whatismyip')
    await cleanPage.getByRole('button', { name: 'My IP', exact: true }).click()
    expect(await ip).toBe('finished')
    await cleanPage.goto(site.url('/ping'))
    const ping = ending('ping')
    await cleanPage.getByLabel(entry('ping').label ?? '', { exact: true }).fill('127.0.0.1')
    await cleanPage.getByLabel(entry('ping').label ?? '', { exact: true }).press('Enter')
    expect(await ping).toBe('finished')
    await cleanPage.locator('[data-sonner-toast]').filter({ hasText: 'Ping failed' }).waitFor()
    expect(failed).toEqual([])
    // Every analytics event the two runs sent was stored, the one a navigation detached included.
    expect(beacons.map((b) => b.name)).toEqual(expect.arrayContaining(['tool_result']))
    const stored = async () => {
      const events = await site.events()
      return beacons.every((b) => events.some((e) => e.name === b.name && e.properties.session_id === b.session))
    }
    await expect.poll(stored, { timeout: 10_000 }).toBe(true)
    await clean.close()
  })

  it.each([
    ['Global Privacy Control', 'globalPrivacyControl', true],
    ['Do-Not-Track', 'doNotTrack', '1'],
  ])('sends no analytics at all under %s', async (_name, property, value) => {
    const quiet = await site.newContext()
    await quiet.addInitScript(
      ([name, signal]) =>
        Object.defineProperty(Navigator.prototype, name as string, { get: () => signal, configurable: true }),
      [property, value] as const,
    )
    const sent: string[] = []
    quiet.on('request', (request) => {
      if (request.url().endsWith('/api/events')) sent.push(request.url())
    })
    const quietPage = await quiet.newPage()
    await quietPage.goto(site.url('/no-such-tool'))
    await quietPage.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor()
    await quietPage.goto(site.url('/what-is-my-ip'))
    await quietPage.getByRole('button', { name: 'My IP', exact: true }).click()
    await quietPage.locator('[data-sonner-toast]').filter({ hasText: 'IP lookup completed successfully' }).waitFor()
    await quietPage.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    expect(sent).toEqual([])
    await quiet.close()
  })
})
