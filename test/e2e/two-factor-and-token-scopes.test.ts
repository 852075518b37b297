// End to end in Chromium: turn two-factor sign-in on from the dashboard (the setup link as text, the
// first code computed in the test per RFC 6238, the recovery codes downloaded as text), sign out and
// sign in again with a code, wrong codes and blank fields answered beside their field; then create an
// API token with chosen scopes and expiry, see them in the list, and have the API refuse what the
// token may not do; share a run, see when its permalink expires, pin it from the history and unpin
// it on its page.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { totpFromUri } from '../support/auth/totp.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { freePort } from '../support/net/ports.ts'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

if (!browserAvailable) console.warn('SKIPPED: the two-factor and token scopes end-to-end test needs chromium')

describe.skipIf(!browserAvailable)('two-factor sign-in and token scopes in the browser', () => {
  let server: TestApp
  let url: string
  let browser: TestBrowser
  let context: BrowserContext
  let page: Page
  let setupLink = ''

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: url })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
    // CSP bypassed only to inject axe-core into the page.
    context = await browser.newContext({ acceptDownloads: true, bypassCSP: true })
    context.setDefaultTimeout(15_000)
    page = await context.newPage()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()
  /** The inline error of a labelled field: the field says it is invalid and is described by the message. */
  async function fieldError(label: string): Promise<string> {
    const field = page.getByLabel(label, { exact: true })
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
    return (await page.locator(`[id="${describedBy}"]`).textContent()) ?? ''
  }

  /** Serious and critical axe-core violations of the page as it is now. */
  async function violations(): Promise<string[]> {
    await page.addScriptTag({ path: AXE })
    const found = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe
      return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations
    })) as { id: string; impact: string; nodes: { target: string[] }[] }[]
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  it('turns two-factor sign-in on with the setup link and a first code, and offers the recovery codes once', async () => {
    await page.goto(`${url}/auth?tab=signup`)
    await page.getByLabel('Email').fill('totp@example.test')
    await page.getByLabel('Password').fill('totp-secret')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.goto((await latestOutboxMail(server.dataDir, 'totp@example.test')).links[0] ?? '')
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()

    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    expect(await fieldError('Your password')).toBe('Enter your password')
    await page.getByLabel('Your password').fill('totp-secret')
    await page.getByRole('button', { name: 'Continue' }).click()
    setupLink = (await page.getByTestId('totp-uri').textContent()) ?? ''
    expect(setupLink).toMatch(/^otpauth:\/\/totp\/NetToolbox:totp%40example\.test\?secret=[A-Z2-7]+/)
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
    expect(secret.replaceAll(' ', '')).toBe(new URL(setupLink).searchParams.get('secret'))

    await page.getByLabel('Code from your app').fill('12')
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    expect(await fieldError('Code from your app')).toBe('The code is the 6 digits your authenticator app shows')
    expect(await violations()).toEqual([])
    await page.getByLabel('Code from your app').fill(totpFromUri(setupLink))
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await toast('Two-factor sign-in is on')

    const recoveryList = page.getByRole('list', { name: 'Recovery codes' })
    await recoveryList.getByRole('listitem').first().waitFor()
    const codes = await recoveryList.getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    expect(await violations()).toEqual([])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as text' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('nettoolbox-recovery-codes.txt')
    const text = await readFile(await download.path(), 'utf8')
    for (const code of codes) expect(text).toContain(`\n${code}\n`)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByTestId('two-factor-state').filter({ hasText: /^On:/ }).waitFor()
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0)
  })

  it('signs in with a code from the app after the password, showing problems beside the fields', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.goto(`${url}/auth`)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    expect(await fieldError('Email')).toBe('Please fill in all fields')
    await page.getByLabel('Email').fill('totp@example.test')
    await page.getByLabel('Password').fill('totp-secret')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    const code = page.getByLabel('Authentication code')
    await code.waitFor()
    expect(await code.evaluate((element) => element === document.activeElement)).toBe(true)
    // A code from far in the past: certainly wrong now.
    await code.fill(totpFromUri(setupLink, Date.now() - 3_000_000))
    await page.getByRole('button', { name: 'Verify' }).click()
    expect(await fieldError('Authentication code')).toBe(
      'That code is not correct. Check your authenticator app and try again.',
    )
    await toast('Sign in failed: That code is not correct.')
    expect(await violations()).toEqual([])
    await code.fill(totpFromUri(setupLink))
    await page.getByRole('button', { name: 'Verify' }).click()
    await toast('Signed in successfully!')
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()
    await page.getByTestId('two-factor-state').filter({ hasText: /^On:/ }).waitFor()
  })

  it('creates a token with chosen scopes and expiry, lists them, and the API refuses what it may not do', async () => {
    await page.getByLabel('Token name').fill('runner only')
    await page.getByLabel('Expires').selectOption('7')
    await page.getByRole('checkbox', { name: /results:read/ }).uncheck()
    await page.getByRole('checkbox', { name: /monitors:manage/ }).uncheck()
    await page.getByRole('button', { name: 'Create token' }).click()
    const token = (await page.getByTestId('new-api-token').textContent()) ?? ''
    expect(token).toMatch(/^ntb_/)

    const item = page
      .getByRole('list', { name: 'Your API tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'runner only' })
    // The list refreshes after the creation answer: wait for the new item before reading it.
    await item.getByTestId('token-scope').first().waitFor()
    expect(await item.getByTestId('token-scope').allTextContents()).toEqual(['tools:run'])
    const expiry = item.locator('time')
    const expiresAt = (await expiry.getAttribute('datetime')) ?? ''
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000)
    expect(await expiry.textContent()).toMatch(/^expires [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    expect(await item.textContent()).toContain('never used')

    const history = await fetch(`${url}/api/history`, { headers: { authorization: `Bearer ${token}` } })
    expect(history.status).toBe(403)
    expect((await history.json()).error.message).toContain('lacks the scope "results:read"')
    const run = await fetch(`${url}/api/tools/whatismyip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: '' }),
    })
    expect(run.status).toBe(200)
    await page.reload()
    await page
      .getByRole('list', { name: 'Your API tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'runner only' })
      .getByText(/last used/)
      .waitFor()

    // Without any scope the form says so beside the scopes, and nothing is created.
    await page.getByLabel('Token name').fill('nothing')
    await page.getByRole('checkbox', { name: /tools:run/ }).uncheck()
    await page.getByRole('checkbox', { name: /results:read/ }).uncheck()
    await page.getByRole('checkbox', { name: /monitors:manage/ }).uncheck()
    await page.getByRole('button', { name: 'Create token' }).click()
    await page.getByText('Choose at least one scope').waitFor()
    expect(await page.getByRole('group', { name: 'Scopes' }).getAttribute('aria-invalid')).toBe('true')
    expect(await violations()).toEqual([])
  })

  it('states when a permalink expires, in words and ISO 8601, and pins it from the history so it never does', async () => {
    const expiry = /^Expires on \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d \((\d{4}-\d\d-\d\dT[\d:.]+Z)\)$/
    await page.goto(`${url}/what-is-my-ip`)
    await page.getByRole('button', { name: 'My IP', exact: true }).click()
    await toast('IP lookup completed successfully')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const stated = (await page.getByTestId('share-expiry').textContent()) ?? ''
    const iso = expiry.exec(stated)?.[1] ?? ''
    // SHARE_RETENTION_DAYS, 30 by default, from now.
    expect(Math.abs(Date.parse(iso) - Date.now() - 30 * 86_400_000)).toBeLessThan(120_000)
    const permalink =
      (await page.getByRole('link', { name: 'Open shared result (opens in a new tab)' }).getAttribute('href')) ?? ''

    await page.goto(`${url}/?history=true`)
    const entry = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'What Is My IP' }) })
      .first()
    await entry.getByRole('link', { name: /^Permalink of / }).waitFor()
    expect(await entry.getByTestId('history-pinned').count()).toBe(0)
    await entry.getByRole('button', { name: /^Pin result of / }).click()
    await toast('Pinned: its permalink never expires')
    await entry.getByTestId('history-pinned').waitFor()
    expect(await entry.getByRole('button', { name: /^Unpin result of / }).getAttribute('aria-pressed')).toBe('true')

    await page.goto(permalink)
    await page.getByTestId('share-expiry').filter({ hasText: 'Pinned: never expires' }).waitFor()
    await page.getByRole('button', { name: 'Unpin' }).click()
    await toast('Unpinned: this link now expires like any other.')
    const again = (await page.getByTestId('share-expiry').textContent()) ?? ''
    expect(again).toMatch(expiry)
    expect(await page.getByTestId('share-expiry').locator('time').getAttribute('datetime')).toBe(
      expiry.exec(again)?.[1],
    )
  })
})
