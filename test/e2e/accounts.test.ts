// End to end in Chromium: an account from sign-up to sign-out with a saved DNS result, the password
// reset through the outbox, and the pages that depend on being signed in.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNDO_MS } from '../../src/web/features/history/use-history.ts'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { freePort } from '../support/net/ports.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')
const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the accounts end-to-end test needs chromium and knotd')

describe.skipIf(!ready)('accounts in the browser', () => {
  let knot: KnotServer
  let server: TestApp
  let url: string
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: url, DNS_SERVERS: knot.endpoint })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext()
    context.setDefaultTimeout(10_000)
    return context.newPage()
  }
  const linkTo = async (email: string) => (await latestOutboxMail(server.dataDir, email)).links[0] ?? ''
  /** The newest link to `email` that contains `part`: mails go out after the answer, so wait for it. */
  async function linkContaining(email: string, part: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const link = await linkTo(email)
      if (link.includes(part)) return link
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`no mail to ${email} with a link containing ${part}`)
  }
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()

  async function signUp(page: Page, email: string, password: string) {
    await page.goto(`${url}/auth?tab=signup`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${url}/auth`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  }

  it('signs up, signs in, saves a DNS result to the history, expands and deletes it, and signs out', async () => {
    const page = await newPage()
    await signUp(page, 'jo@example.test', 'jo-secret')
    await toast(page, 'Check your email: we sent you a link to finish signing up.')
    await page.getByRole('status').filter({ hasText: 'we sent you a link to finish signing up' }).waitFor()

    await signIn(page, 'jo@example.test', 'jo-secret')
    await toast(page, 'Sign in failed: Email not verified. We sent you a new verification link.')
    await page.goto(await linkContaining('jo@example.test', '/api/auth/verify-email'))
    await page.waitForURL(`${url}/auth?verified=1`)
    await page.getByRole('status').filter({ hasText: 'Email verified — you are signed in.' }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await toast(page, 'Signed out successfully')
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor()

    await signIn(page, 'jo@example.test', 'jo-secret')
    await toast(page, 'Signed in successfully!')
    await page.waitForURL(`${url}/`)
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor()

    await page.goto(`${url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('example.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await toast(page, 'DNS completed successfully')
    await toast(page, 'Result saved to your history')

    await page.goto(`${url}/what-is-my-ip`)
    await page.getByRole('button', { name: 'My IP', exact: true }).click()
    await toast(page, 'IP lookup completed successfully')

    await page.goto(`${url}/?history=true`)
    await page.getByRole('heading', { name: 'Tool History (2)' }).waitFor()
    const entry = page.getByRole('listitem').filter({ hasText: 'Input: example.test' })
    await entry.getByRole('heading', { name: 'DNS' }).waitFor()
    expect(await entry.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d$/)
    // The tool's own rendering, never raw JSON.
    const shown = (await entry.getByTestId('history-result').textContent()) ?? ''
    expect(shown).toContain('example.test.\t300\tIN\tA\t198.51.100.10')
    expect(shown).not.toContain('"server"')
    await entry.getByRole('button', { name: 'Expand' }).click()
    expect(await entry.getByRole('button', { name: 'Collapse' }).getAttribute('aria-expanded')).toBe('true')

    // Search and filter.
    const items = page
      .getByRole('list')
      .filter({ has: page.getByTestId('history-result') })
      .getByRole('listitem')
    await page.getByLabel('Search history').fill('example')
    expect(await items.count()).toBe(1)
    await page.getByLabel('Search history').fill('')
    await page.getByLabel('Tool', { exact: true }).selectOption({ label: 'What Is My IP' })
    expect(await items.count()).toBe(1)
    await items.getByRole('heading', { name: 'What Is My IP' }).waitFor()
    await page.getByLabel('Tool', { exact: true }).selectOption({ label: 'All tools' })

    // Open in tool fills the form; Run again runs it.
    await entry.getByRole('link', { name: /^Open in tool: DNS/ }).click()
    await page.waitForURL(`${url}/dns-lookup?input=example.test`)
    expect(await page.getByLabel('domain', { exact: true }).inputValue()).toBe('example.test')
    await page.goto(`${url}/?history=true`)
    await page
      .getByRole('link', { name: /^Run again: DNS/ })
      .first()
      .click()
    await toast(page, 'DNS completed successfully')
    await page.waitForURL(`${url}/dns-lookup?q=example.test`)

    // Delete offers Undo; a delete left alone is final. The page's clock is a controlled one from
    // here, so the Undo window can be passed over instead of waited out.
    await page.clock.install()
    await page.goto(`${url}/?history=true`)
    await page.getByRole('heading', { name: 'Tool History (3)' }).waitFor()
    const ipEntry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'What Is My IP' }) })
    await ipEntry.getByRole('button', { name: 'Delete result of What Is My IP' }).click()
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Result deleted' })
      .getByRole('button', { name: 'Undo' })
      .click()
    await page.getByRole('heading', { name: 'Tool History (3)' }).waitFor()
    for (const name of ['What Is My IP', 'DNS', 'DNS']) {
      await page
        .getByRole('button', { name: `Delete result of ${name}` })
        .first()
        .click()
      await toast(page, 'Result deleted')
    }
    await page.getByText('No tool results yet').waitFor()
    // Gone on the server too once the toasts have closed: three DELETEs, each answered.
    let deleted = 0
    page.on('response', (response) => {
      if (response.request().method() === 'DELETE' && new URL(response.url()).pathname.startsWith('/api/history/'))
        deleted += response.ok() ? 1 : 0
    })
    await page.clock.fastForward(UNDO_MS + 1000)
    await expect.poll(() => deleted).toBe(3)
    await page.reload()
    await page.getByText('No tool results yet').waitFor()
    await page.getByText('Run some tools to see your history here').waitFor()

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await toast(page, 'Signed out successfully')
    await page.getByText('Sign in to view your history').waitFor()
    await page.getByRole('link', { name: 'Sign In / Sign Up' }).waitFor()
    await page.context().close()
  }, 90_000)

  it('answers a registered email like a new one, offering sign-in or reset to everyone', async () => {
    const page = await newPage()
    await signUp(page, 'jo@example.test', 'another-pass')
    await page.getByText('Check your email: we sent you a link to finish signing up.').first().waitFor()
    await toast(page, 'Check your email: we sent you a link to finish signing up.')
    await page.getByRole('button', { name: 'Sign In Instead' }).click()
    expect(await page.getByLabel('Email').inputValue()).toBe('jo@example.test')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByRole('button', { name: 'Back to Sign In' }).click()
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor()
    await page.context().close()
  })

  it('resets a forgotten password through the mailed link and signs in, once', async () => {
    const page = await newPage()
    await page.goto(`${url}/auth`)
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByRole('button', { name: 'Send Reset Email' }).click()
    await page.getByText('Please enter your email address').waitFor()
    await page.getByLabel('Email').fill('jo@example.test')
    await page.getByRole('button', { name: 'Send Reset Email' }).click()
    await toast(page, 'Password reset email sent! Please check your inbox.')

    const link = await linkContaining('jo@example.test', '/api/auth/reset-password/')
    await page.goto(link)
    await page.getByRole('heading', { name: 'Set your new password' }).waitFor()
    expect(new URL(page.url()).searchParams.get('type')).toBe('recovery')
    await toast(page, 'Please set your new password below.')
    await page.getByLabel('New Password').fill('jo-renewed')
    await page.getByLabel('Confirm Password').fill('jo-renewd')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Passwords do not match').waitFor()
    await page.getByLabel('Confirm Password').fill('jo-renewed')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await toast(page, 'Password updated successfully! You are now logged in.')
    await page.waitForURL(`${url}/`)

    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()
    await page.getByText('jo@example.test').waitFor()
    await page.getByText('Member since').waitFor()
    await page.getByRole('link', { name: 'Change Password' }).click()
    await page.waitForURL(`${url}/auth?tab=change-password`)
    await page.getByLabel('Current Password').fill('jo-secret')
    await page.getByLabel('New Password', { exact: true }).fill('jo-third1')
    await page.getByLabel('Confirm New Password').fill('jo-third1')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await toast(page, 'Failed to change password: Invalid password')

    const again = await newPage()
    await again.goto(link)
    await again.getByText('This password reset link is invalid, was already used, or has expired.').waitFor()
    await again.context().close()
    await page.context().close()
  }, 60_000)

  it('sends signed-out visitors from the dashboard to the sign-in page, and signed-in ones from /auth home', async () => {
    const page = await newPage()
    await page.goto(`${url}/dashboard`)
    await page.waitForURL(`${url}/auth`)
    await page.getByRole('tab', { name: 'Sign In' }).waitFor()

    await signIn(page, 'jo@example.test', 'jo-renewed')
    await page.waitForURL(`${url}/`)
    await page.goto(`${url}/auth`)
    await page.waitForURL(`${url}/`)
    await page.goto(`${url}/auth?tab=change-password`)
    await page.getByRole('tab', { name: 'Change Password' }).waitFor()
    await page.getByRole('button', { name: 'Back to Home' }).waitFor()
    await page.context().close()
  })
})
