// The external tools shown in a frame (DigGui, IFConfig, Cloudflare Speed Test). The fenced browser
// cannot reach their sites, as when a site is down or blocked: the page says so and offers "Open in
// new tab" instead of a grey error page. A site that never answers gets the same after 8 s; a site
// that loads stays in its frame.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CatalogueEntry, findEntry } from '../../src/shared/catalogue.ts'
import { browserAvailable } from '../support/browser/browser.ts'
import { type Site, startSite } from '../support/browser/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the embedded tools end-to-end test needs chromium')

const PHONE = { width: 390, height: 844 }

function tool(id: string): CatalogueEntry & { url: string } {
  const entry = findEntry(id)
  if (!entry?.url) throw new Error(`no embedded entry ${id}`)
  return { ...entry, url: entry.url }
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe.skipIf(!browserAvailable)('embedded tools', () => {
  let site: Site
  let context: BrowserContext | undefined
  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(async () => {
    await context?.close()
    await site?.close()
  })

  it('says a site the browser cannot reach cannot be shown, with Open in new tab and Try again', async () => {
    // The fence aborts every request to the outside sites.
    context = await site.browser.newContext({ viewport: PHONE })
    context.setDefaultTimeout(5_000)
    const page = await context.newPage()
    for (const id of ['diggui', 'ifconfig', 'cf-speedtest']) {
      const { route, url } = tool(id)
      const host = new URL(url).host
      await page.goto(site.url(`/${route}`))
      const message = page.getByRole('status').filter({ hasText: `${host} cannot be shown here.` })
      await message.waitFor()
      expect(await message.textContent()).toContain(`Your browser could not reach ${host}`)
      expect(await page.locator('iframe').count()).toBe(0)
      const open = message.getByRole('link', { name: /^Open in new tab/ })
      expect(await open.getAttribute('href')).toBe(url)
      expect(await open.getAttribute('target')).toBe('_blank')
      expect(await overflow(page)).toBeLessThanOrEqual(0)
    }
    // Keyboard: Try again is reachable after the link and asks again (still unreachable here).
    await page
      .getByRole('status')
      .getByRole('link', { name: /^Open in new tab/ })
      .focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again')
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: 'cannot be shown here.' }).waitFor()
    expect(requests).toContain(tool('cf-speedtest').url)
    await context.close()
    context = undefined
  }, 60_000)

  it('gives up on a frame that has not loaded after 8 s', async () => {
    const { route, url } = tool('ifconfig')
    const host = new URL(url).host
    context = await site.browser.newContext({ viewport: PHONE })
    // The outside site accepts the requests and never answers.
    await context.route(`${new URL(url).origin}/**`, () => undefined)
    const page = await context.newPage()
    await page.clock.install()
    await page.goto(site.url(`/${route}`))
    await page.locator(`iframe[title="${tool('ifconfig').name}"]`).waitFor({ state: 'attached' })
    await page.getByText(`Loading ${host}…`).waitFor()
    await page.clock.fastForward(7_000)
    expect(await page.locator('iframe').count()).toBe(1)
    await page.clock.fastForward(1_100)
    const message = page.getByRole('status').filter({ hasText: `${host} cannot be shown here.` })
    await message.waitFor({ timeout: 5_000 })
    expect(await message.textContent()).toContain(`${host} did not load within 8 seconds`)
    await message.getByRole('link', { name: /^Open in new tab/ }).waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    await context.close()
    context = undefined
  }, 60_000)

  it('keeps a frame that loads, past the 8 s', async () => {
    const { route, url, name } = tool('diggui')
    const host = new URL(url).host
    // This context's outside sites answer with a stub page.
    context = await site.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.clock.install()
    await page.goto(site.url(`/${route}`))
    await page.frameLocator(`iframe[title="${name}"]`).getByText(`Stub of ${host}`).waitFor()
    await page.getByText(`Frame empty or showing an error? ${host} may refuse`).waitFor()
    await page.clock.fastForward(10_000)
    await page.waitForTimeout(200)
    expect(await page.locator(`iframe[title="${name}"]`).count()).toBe(1)
    expect(await page.getByText('cannot be shown here.').count()).toBe(0)
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await context.close()
    context = undefined
  }, 60_000)
})
