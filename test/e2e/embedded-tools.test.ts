// An embedded outside tool whose site never answers: after a few seconds the page says so and offers
// "Open in new tab" instead of an empty frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEntry } from '../../src/shared/catalogue.ts'
import { browserAvailable } from '../support/browser.ts'
import { type Site, startSite } from '../support/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the embedded tools end-to-end test needs chromium')

describe.skipIf(!browserAvailable)('embedded tools whose site does not load', () => {
  let site: Site
  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(async () => site?.close())

  it('replaces a frame that never loads with a message and the open-in-new-tab action', async () => {
    const tool = findEntry('diggui')
    if (!tool?.url) throw new Error('no DigGui entry')
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } })
    // The outside site accepts the request and never answers.
    await context.route(`${new URL(tool.url).origin}/**`, () => undefined)
    const page = await context.newPage()
    await page.goto(site.url(`/${tool.route}`))
    await page.locator(`iframe[title="${tool.name}"]`).waitFor({ state: 'attached' })
    const message = page.getByRole('status').filter({ hasText: `${new URL(tool.url).host} did not load here.` })
    await message.waitFor({ timeout: 15_000 })
    expect(await page.locator('iframe').count()).toBe(0)
    const open = message.getByRole('link', { name: /^Open in new tab/ })
    expect(await open.getAttribute('href')).toBe(tool.url)
    expect(await open.getAttribute('target')).toBe('_blank')
    await context.close()
  }, 60_000)
})
