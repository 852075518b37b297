// End to end in Chromium: an account from sign-up to sign-out with a saved DNS result, the password
// reset through the outbox, and the pages that depend on being signed in.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('signs up, signs in, saves DNS results (a failed one, one with options) to the history, reruns, deletes and restores them, and signs out', async () => {
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

    // A failed run is kept too, and a run keeps its options.
    await page.goto(`${url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('missing.example.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await toast(page, 'DNS failed')
    await page.goto(`${url}/dns-lookup?q=example.test&type=MX&dnssec=1`)
    await toast(page, 'DNS completed successfully')

    await page.goto(`${url}/?history=true`)
    await page.getByRole('heading', { name: 'Tool History (4)' }).waitFor()
    const entryWith = (text: string) => page.getByRole('listitem').filter({ hasText: text })
    const entry = entryWith('Input: example.test').filter({ hasNotText: 'Options:' })
    await entry.getByRole('heading', { name: 'DNS' }).waitFor()
    expect(await entry.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d$/)
    // The tool's own rendering, never raw JSON.
    const shown = (await entry.getByTestId('history-result').textContent()) ?? ''
    expect(shown).toContain('example.test.\t300\tIN\tA\t198.51.100.10')
    expect(shown).not.toContain('"server"')
    await entry.getByRole('button', { name: 'Expand' }).click()
    expect(await entry.getByRole('button', { name: 'Collapse' }).getAttribute('aria-expanded')).toBe('true')
    const failed = entryWith('Input: missing.example.test')
    await failed.getByRole('heading', { name: 'DNS Failed' }).waitFor()
    expect(await failed.getByTestId('history-result').textContent()).toMatch(/^Error: .*missing\.example\.test/)
    const withOptions = entryWith('Options: type=MX dnssec=1')
    expect(await withOptions.getByTestId('history-result').textContent()).toContain('mail.example.test.')

    // Search and filter; the count follows them.
    const items = page
      .getByRole('list')
      .filter({ has: page.getByTestId('history-result') })
      .getByRole('listitem')
    await page.getByLabel('Search history').fill('missing')
    await page.getByRole('heading', { name: 'Tool History (1 of 4)' }).waitFor()
    expect(await items.count()).toBe(1)
    await page.getByLabel('Search history').fill('')
    await page.getByLabel('Tool', { exact: true }).selectOption({ label: 'What Is My IP' })
    await page.getByRole('heading', { name: 'Tool History (1 of 4)' }).waitFor()
    expect(await items.count()).toBe(1)
    await items.getByRole('heading', { name: 'What Is My IP' }).waitFor()
    await page.getByLabel('Tool', { exact: true }).selectOption({ label: 'DNS' })
    await page.getByRole('heading', { name: 'Tool History (3 of 4)' }).waitFor()
    await page.getByLabel('Tool', { exact: true }).selectOption({ label: 'All tools' })
    await page.getByRole('heading', { name: 'Tool History (4)' }).waitFor()

    // Open in tool fills the form, options included; Run again runs it with them.
    await entry.getByRole('link', { name: /^Open in tool: DNS/ }).click()
    await page.waitForURL(`${url}/dns-lookup?input=example.test`)
    expect(await page.getByLabel('domain', { exact: true }).inputValue()).toBe('example.test')
    await page.goto(`${url}/?history=true`)
    await withOptions.getByRole('link', { name: /^Open in tool: DNS/ }).click()
    await page.waitForURL(`${url}/dns-lookup?input=example.test&type=MX&dnssec=1`)
    // The options are set once the panel has read the address.
    await expect.poll(() => page.getByLabel('Record type').inputValue()).toBe('MX')
    await expect.poll(() => page.getByLabel('Request DNSSEC records').isChecked()).toBe(true)
    await page.goto(`${url}/?history=true`)
    await withOptions.getByRole('link', { name: /^Run again: DNS/ }).click()
    await toast(page, 'DNS completed successfully')
    await page.waitForURL(`${url}/dns-lookup?q=example.test&type=MX&dnssec=1`)
    await expect.poll(() => page.getByLabel('Record type').inputValue()).toBe('MX')

    // A delete reaches the server at once; Undo restores it there. No page timer is involved.
    await page.goto(`${url}/?history=true`)
    await page.getByRole('heading', { name: 'Tool History (5)' }).waitFor()
    const answered = (method: string) =>
      page.waitForResponse(
        (response) =>
          response.request().method() === method && new URL(response.url()).pathname.startsWith('/api/history/'),
      )
    const ipEntry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'What Is My IP' }) })
    const deletion = answered('DELETE')
    await ipEntry.getByRole('button', { name: 'Delete result of What Is My IP' }).click()
    expect((await deletion).status()).toBe(204)
    await page.getByRole('heading', { name: 'Tool History (4)' }).waitFor()
    const restoring = answered('POST')
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Result deleted' })
      .getByRole('button', { name: 'Undo' })
      .click()
    expect((await restoring).status()).toBe(204)
    await toast(page, 'Result restored')
    await page.getByRole('heading', { name: 'Tool History (5)' }).waitFor()
    await ipEntry.waitFor()
    for (const name of ['DNS', 'DNS', 'DNS', 'What Is My IP', 'DNS']) {
      const deleted = answered('DELETE')
      await page
        .getByRole('button', { name: `Delete result of ${name}` })
        .first()
        .click()
      expect((await deleted).status()).toBe(204)
    }
    await page.getByText('No tool results yet').waitFor()
    // Closing the tab while the Undo toast is still up changes nothing: the deletes are done.
    const again = await page.context().newPage()
    await page.close()
    await again.goto(`${url}/?history=true`)
    await again.getByText('No tool results yet').waitFor()
    await again.getByText('Run some tools to see your history here').waitFor()

    await again.getByRole('button', { name: 'Sign Out' }).click()
    await toast(again, 'Signed out successfully')
    await again.getByText('Sign in to view your history').waitFor()
    await again.getByRole('link', { name: 'Sign In / Sign Up' }).waitFor()
    await again.context().close()
  }, 150_000)

  it('runs a shared result again with the options it was asked with', async () => {
    const page = await newPage()
    await page.goto(`${url}/dns-lookup?q=example.test&type=MX&dnssec=1`)
    await toast(page, 'DNS completed successfully')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const shared = page.getByRole('link', { name: 'Open shared result (opens in a new tab)' })
    const permalink = (await shared.getAttribute('href')) ?? ''
    await page.goto(permalink)
    const runAgain = page.getByRole('link', { name: 'Run again' })
    expect(await runAgain.getAttribute('href')).toBe('/dns-lookup?q=example.test&type=MX&dnssec=1')
    await runAgain.click()
    await toast(page, 'DNS completed successfully')
    await page.waitForURL(`${url}/dns-lookup?q=example.test&type=MX&dnssec=1`)
    await expect.poll(() => page.getByLabel('Record type').inputValue()).toBe('MX')
    await expect.poll(() => page.getByLabel('Request DNSSEC records').isChecked()).toBe(true)
    await page.context().close()
  })

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
