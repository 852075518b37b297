// End to end in Chromium: share a DNS result and open its permalink in a fresh browser, then unshare
// it and get the not-found page; create an API token on the dashboard, call the API with it, revoke
// it and get 401; the API reference page renders every tool's endpoint.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue, TOOL_IDS } from '../../src/shared/catalogue.ts'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { freePort } from '../support/net/ports.ts'

if (!browserAvailable) console.warn('SKIPPED: the results and tokens end-to-end test needs chromium')

describe.skipIf(!browserAvailable)('shared results, API tokens and the API reference in the browser', () => {
  let dns: TableDns
  let server: TestApp
  let url: string
  let browser: TestBrowser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    dns = await startTableDns({ records: [{ name: 'share.test', type: 'A', data: '198.51.100.7' }] })
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({
      WEB_DIST: 'dist/web',
      PUBLIC_URL: url,
      DNS_SERVERS: dns.endpoint,
      SERVER_NAME: 'probe-e2e.test',
    })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await dns?.stop()
  })

  /** A page in a browser context of its own: no cookies or storage shared with the others. */
  async function freshPage(): Promise<Page> {
    const context = await browser.newContext()
    context.setDefaultTimeout(15_000)
    contexts.push(context)
    return context.newPage()
  }
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()

  it('shares a result, opens the permalink in a fresh browser, unshares it and gets the 404 page', async () => {
    const page = await freshPage()
    await page.goto(`${url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('share.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await toast(page, 'DNS completed successfully')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const shared = page.getByRole('link', { name: 'Open shared result (opens in a new tab)' })
    const permalink = (await shared.getAttribute('href')) ?? ''
    expect(permalink).toMatch(new RegExp(`^${url}/r/[A-Za-z0-9_-]{22}$`))

    const visitor = await freshPage()
    const response = await visitor.goto(permalink)
    expect(response?.status()).toBe(200)
    await visitor.getByRole('heading', { name: 'DNS', level: 1 }).waitFor()
    await visitor.getByText('probe-e2e.test', { exact: true }).waitFor()
    expect(await visitor.getByText('share.test', { exact: true }).first().isVisible()).toBe(true)
    await visitor.getByRole('region', { name: 'Results' }).getByText('198.51.100.7').first().waitFor()
    expect(await visitor.getByRole('button', { name: 'Unshare' }).count()).toBe(0)
    const runAgain = visitor.getByRole('link', { name: 'Run again' })
    expect(await runAgain.getAttribute('href')).toBe('/dns-lookup?q=share.test')

    await page.goto(permalink)
    await page.getByRole('button', { name: 'Unshare' }).click()
    await toast(page, 'Result unshared: its link no longer works')
    await page.getByRole('heading', { name: 'Result not found' }).waitFor()

    const gone = await visitor.goto(permalink)
    expect(gone?.status()).toBe(404)
    await visitor.getByRole('heading', { name: 'Result not found' }).waitFor()
    await visitor.getByText('This shared result does not exist, was unshared or has expired.').waitFor()
  })

  it('creates a token on the dashboard, calls the API with it, revokes it and gets 401', async () => {
    const page = await freshPage()
    await page.goto(`${url}/auth?tab=signup`)
    await page.getByLabel('Email').fill('tokens@example.test')
    await page.getByLabel('Password').fill('tokens-secret')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.goto((await latestOutboxMail(server.dataDir, 'tokens@example.test')).links[0] ?? '')
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()

    await page.getByRole('button', { name: 'Create token' }).click()
    await page.getByText('Give the token a name').waitFor()
    await page.getByLabel('Token name').fill('e2e script')
    await page.getByRole('button', { name: 'Create token' }).click()
    const token = (await page.getByTestId('new-api-token').textContent()) ?? ''
    expect(token).toMatch(/^ntb_[A-Za-z0-9_-]{43}$/)
    await page.getByRole('list', { name: 'Your API tokens' }).getByText('e2e script').waitFor()

    const call = () =>
      fetch(`${url}/api/tools/dns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: 'share.test' }),
      })
    const accepted = await call()
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ status: 'ok', saved: true, runId: expect.any(String) })

    await page.getByRole('button', { name: 'Revoke token e2e script' }).click()
    await toast(page, 'Token revoked')
    await page.getByText('No API tokens yet.').waitFor()
    const refused = await call()
    expect(refused.status).toBe(401)
    expect((await refused.json()).error.message).toBe(
      'This API token is unknown or has been revoked. Create a new one on your dashboard.',
    )

    // A signed-in account's share can be pinned from its page.
    await page.goto(`${url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('share.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await toast(page, 'DNS completed successfully')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const link = page.getByRole('link', { name: 'Open shared result (opens in a new tab)' })
    await page.goto((await link.getAttribute('href')) ?? '')
    await page.getByRole('button', { name: 'Pin', exact: true }).click()
    await toast(page, 'Pinned: this result never expires')
    expect(await page.getByRole('button', { name: 'Unpin' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('opens the API reference from the Documentation button and shows every tool endpoint', async () => {
    const page = await freshPage()
    const blocked: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text())
    })
    await page.goto(url)
    await page.getByRole('banner').getByRole('link', { name: 'Documentation' }).click()
    await page.waitForURL(`${url}/docs/api`)
    for (const id of TOOL_IDS) {
      const name = catalogue.find((entry) => entry.id === id)?.name ?? id
      await page.getByText(`/api/tools/${id}`, { exact: true }).first().waitFor({ state: 'attached' })
      expect(await page.getByText(`Run ${name}`, { exact: true }).count(), `summary of ${id}`).toBeGreaterThan(0)
    }
    // Each operation shows its curl example (x-codeSamples).
    await page
      .getByText(/curl -X POST '.*\/api\/tools\/ping'/)
      .first()
      .waitFor({ state: 'attached' })
    await page.screenshot({ path: 'artifacts/screenshots/api-reference.png' })
    expect(blocked).toEqual([])
  })
})
