// End to end in Chromium: the reverse phone lookup panel's validation, loading, result card,
// failure texts and toasts, and the spam report of a signed-in user.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { type RunningServer, useServerWithBrowser } from '../support/app/http-server.ts'
import { browserAvailable, type TestBrowser } from '../support/browser/browser.ts'

if (!browserAvailable) console.warn('SKIPPED: the phone lookup end-to-end test needs chromium')

describe.skipIf(!browserAvailable)('reverse phone lookup in the browser', () => {
  let server: RunningServer
  let url: string
  let browser: TestBrowser

  useServerWithBrowser((running) => {
    ;({ server, browser } = running)
    url = server.url
  })

  async function open(context?: BrowserContext): Promise<Page> {
    const ctx = context ?? (await browser.newContext())
    ctx.setDefaultTimeout(15_000)
    const page = await ctx.newPage()
    await page.goto(`${url}/reverse-phone-lookup`)
    await page.getByRole('heading', { level: 1, name: 'Reverse Phone Lookup' }).waitFor()
    return page
  }
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()
  const lookUp = async (page: Page, number: string) => {
    await page.getByLabel('Phone Number').fill(number)
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
  }

  /** The message beside the field (its aria-describedby), once the field says aria-invalid. */
  const fieldError = async (page: Page, text: string) => {
    const field = page.getByLabel('Phone Number')
    await page.locator('[data-field-error]').filter({ hasText: text }).waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`).textContent()).toBe(text)
  }

  it('asks for a number, then for a valid one, beside the field and in an "Error" toast', async () => {
    const page = await open()
    await lookUp(page, '')
    await fieldError(page, 'Please enter a phone number')
    await toast(page, 'Please enter a phone number')
    await lookUp(page, '555-0123')
    await fieldError(page, 'Please enter a valid phone number')
    await toast(page, 'Please enter a valid phone number')
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Error' }).count()).toBeGreaterThan(0)
    await page.context().close()
  })

  it('shows "Looking up..." while loading, then the result card and "Lookup Complete"', async () => {
    const page = await open()
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/phone-lookup', async (route) => {
      await held
      await route.continue()
    })
    await lookUp(page, '(212) 555-0123')
    await page.getByRole('button', { name: 'Looking up...' }).waitFor()
    release()
    const card = page.getByRole('region', { name: 'Phone number details' })
    await card.waitFor()
    const text = await card.innerText()
    for (const expected of ['+1 212 555 0123', 'New York, NY, United States', 'Landline or mobile', '0/10'])
      expect(text).toContain(expected)
    expect(text).not.toContain('Name')
    await toast(page, 'Lookup Complete')
    await toast(page, 'Phone number information retrieved successfully')
    await page.getByText('to report this number as spam or not spam').waitFor()
    await page.context().close()
  })

  it("shows the server's failure message, and the retry text when the server cannot be reached", async () => {
    const page = await open()
    await page.route('**/api/phone-lookup', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Failed to lookup phone number' }),
      }),
    )
    await lookUp(page, '+447400123456')
    await page.getByRole('alert').filter({ hasText: 'Failed to lookup phone number' }).waitFor()
    await page.unroute('**/api/phone-lookup')
    await page.route('**/api/phone-lookup', (route) => route.abort())
    await lookUp(page, '+447400123456')
    await page.getByRole('alert').filter({ hasText: 'Failed to lookup phone number. Please try again.' }).waitFor()
    await page.context().close()
  })

  it('lets a signed-in user report the number and shows the new counts', async () => {
    const context = await browser.newContext()
    const email = 'phone-e2e@example.test'
    await context.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: 'phone-e2e-pw', name: '' },
      headers: { origin: url },
    })
    await context.request.get((await latestOutboxMail(server.dataDir, email)).links[0] ?? '')
    const page = await open(context)
    await lookUp(page, '+1 212 555 0188')
    await page.getByRole('heading', { name: 'Report this number' }).waitFor()
    await page.getByLabel('Category').selectOption('robocall')
    await page.getByRole('button', { name: 'Submit Report' }).click()
    await toast(page, 'Thank you: your report was saved')
    const card = page.getByRole('region', { name: 'Phone number details' })
    await card.getByText('Robocall (1)').waitFor()
    expect(await card.innerText()).toMatch(/Reports\s+1/)
    await page.getByRole('heading', { name: 'Change your report' }).waitFor()
    await context.close()
  })
})
