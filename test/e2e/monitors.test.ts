// End to end in Chromium against the real app and its monitor scheduler (one monitor "minute" lasts a
// second here): a signed-in account runs a DNS lookup, presses "Watch this", finds the monitor on
// /monitors, sees its first checks on its page, sees it turn to Problem when the answer changes (with
// the state change, its result permalink and a webhook signed with the secret the page showed), pauses
// it and deletes it. A visitor's "Watch this" asks for an account. axe-core finds no serious
// violation on the monitors pages in either theme, and neither page is wider than a 390 px phone.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SIGNATURE_HEADER } from '../../src/shared/monitors.ts'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { clippedChartLabels } from '../support/browser/chart-labels.ts'
import { startTableDns, type TableDns, type TableRecord } from '../support/dns/table-dns.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { freePort } from '../support/net/ports.ts'

if (!browserAvailable) console.warn('SKIPPED: the monitors end-to-end test needs chromium')

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Delivery {
  body: Buffer
  signature: string
}

describe.skipIf(!browserAvailable)('monitors in the browser', () => {
  const records: TableRecord[] = [{ name: 'watch.test', type: 'A', data: '198.51.100.7' }]
  const deliveries: Delivery[] = []
  let dns: TableDns
  let hook: HttpSite
  let server: TestApp
  let url: string
  let browser: TestBrowser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    dns = await startTableDns({ records })
    hook = await startHttpSite('127.0.0.1', (request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        // POSTs are webhook deliveries; GETs are a website monitor's checks of this same server.
        const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]
        if (request.method === 'POST')
          deliveries.push({ body: Buffer.concat(chunks), signature: typeof signature === 'string' ? signature : '' })
        response.writeHead(request.method === 'POST' ? 204 : 200, { 'content-type': 'text/plain' }).end('up')
      })
    })
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({
      WEB_DIST: 'dist/web',
      PUBLIC_URL: url,
      DNS_SERVERS: dns.endpoint,
      // The webhook receiver is on loopback, which the target policy refuses unless listed.
      TARGET_ALLOW: '127.0.0.1/32',
      MONITOR_MINUTE_SECONDS: '1',
      MONITOR_MIN_INTERVAL_MINUTES: '1',
    })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
  })
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await hook?.close()
    await dns?.stop()
  })

  async function newPage(theme: 'light' | 'dark' = 'light', width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })
    context.setDefaultTimeout(15_000)
    contexts.push(context)
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
    return context.newPage()
  }

  async function signUp(page: Page, email: string) {
    await page.goto(`${url}/auth?tab=signup`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('monitor-secret')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.goto((await latestOutboxMail(server.dataDir, email)).links[0] ?? '')
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor()
  }

  async function lookUp(page: Page) {
    await page.goto(`${url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).fill('watch.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'DNS completed successfully' }).first().waitFor()
  }

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()

  /** Serious and critical axe violations, and whether the page is wider than its window. */
  async function accessibilityProblems(page: Page, where: string): Promise<string[]> {
    await page.addScriptTag({ path: AXE })
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } })
        .axe
      return (await axe.run(document, { resultTypes: ['violations'] })).violations
    })) as { id: string; impact: string | null; nodes: { target: unknown[] }[] }[]
    const problems = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      problems.push(`${where}: wider than the window`)
    return problems
  }

  it('tells a visitor that monitors need an account, in the row that was under the output before the run', async () => {
    const page = await newPage()
    await page.goto(`${url}/dns-lookup`)
    await page.getByText('Run the check, then watch its result.').waitFor()
    // The page has settled: the panel is the script's and the connected probes are known.
    await page.getByLabel('domain', { exact: true }).and(page.locator(':enabled')).waitFor()
    await page.getByText('Looking for connected probes…').waitFor({ state: 'detached' })
    await page.getByLabel('domain', { exact: true }).fill('watch.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await toast(page, 'DNS completed successfully')
    await page.getByText('Get an alert when this result changes.').waitFor()
    expect(await page.getByText('Run the check, then watch its result.').count()).toBe(0)
    await page.getByRole('button', { name: 'Watch this' }).click()
    const region = page.getByRole('region', { name: 'Watch this result' })
    await region.getByText(/^Monitors need a free account\./).waitFor()
    expect(await region.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth')
    expect(await region.getByRole('link', { name: 'Create free account' }).getAttribute('href')).toBe(
      '/auth?tab=signup',
    )
    await page.goto(`${url}/monitors`)
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor()
    await page.getByText(/^Monitors need a free account\./).waitFor()
  })

  it('watches a DNS result, follows its checks and state change, pauses and deletes it', async () => {
    const problems: string[] = []
    const page = await newPage()
    await signUp(page, 'watcher@example.test')
    await lookUp(page)

    // "Watch this" opens the small form from the keyboard, prefilled from the result.
    const watch = page.getByRole('button', { name: 'Watch this' })
    await watch.focus()
    await page.keyboard.press('Enter')
    expect(await watch.getAttribute('aria-expanded')).toBe('true')
    const form = page.getByRole('region', { name: 'Watch this result' })
    await form.getByText('DNS answer of watch.test').waitFor()
    expect(await form.getByLabel('Name').inputValue()).toBe('DNS answer: watch.test')
    expect(await form.getByLabel('Record type').inputValue()).toBe('A')
    expect(await form.getByLabel('E-mail me when the state changes').isChecked()).toBe(true)

    // Bad input is named field by field and the first one gets the focus.
    await form.getByLabel('Check every (minutes)').fill('0')
    await form.getByLabel('Webhook URL').fill('ftp://hooks.test/in')
    await form.getByRole('button', { name: 'Create monitor' }).click()
    await form.getByText('2 fields need a change: Interval, Webhook URL.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true')
    await form.getByText('Webhook URL must be an http:// or https:// URL').waitFor()

    await form.getByLabel('Check every (minutes)').fill('1')
    await form.getByLabel('Webhook URL').fill(`http://127.0.0.1:${hook.port}/in`)
    await form.getByRole('button', { name: 'Create monitor' }).click()
    await form.getByText('Monitor “DNS answer: watch.test” created.').waitFor()
    const secret = (await form.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret.length).toBeGreaterThanOrEqual(32)

    // The monitors page lists it and shows its first check within seconds.
    await page.getByRole('banner').getByRole('link', { name: 'Monitors' }).click()
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor()
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'DNS answer: watch.test' }) })
    await row.getByText('DNS answer · watch.test').waitFor()
    await row.getByText('OK', { exact: true }).waitFor()
    expect(await row.getByRole('cell').nth(1).textContent()).not.toBe('not yet')
    // A DNS monitor minutes old: its record since it was created, in its own terms (no uptime, no 7 or 30 days).
    await row.getByText(/^Since created (just now|\d+ min ago): no time in Problem, \d+ state changes?$/).waitFor()
    expect(await row.textContent()).not.toMatch(/uptime|%|7 days|30 days/i)

    // Its page: facts, the chart (with its words and its table), no state change to the worse yet.
    await row.getByRole('link', { name: 'DNS answer: watch.test' }).click()
    await page.getByRole('heading', { name: 'DNS answer: watch.test', level: 1 }).waitFor()
    await page.getByText('Watches the A records: a problem when the answer differs from the recorded one.').waitFor()
    await page.getByText('2 results in a row change the state').waitFor()
    await page.getByText('Time in Problem', { exact: true }).waitFor()
    expect(await page.getByText('Uptime', { exact: true }).count()).toBe(0)
    const chart = page.getByRole('img', { name: 'Records in the answer' })
    await chart.waitFor()
    expect(await chart.evaluate((svg) => svg.querySelector('desc')?.textContent)).toMatch(
      /^Records in the answer: \d+ checks? from .+\. Lowest 1 record, highest 1 record, latest 1 record\.$/,
    )
    expect(await clippedChartLabels(page), 'chart labels cut off at 1280 px').toEqual([])
    await page.getByText('Show as table').click()
    await page.getByRole('region', { name: 'Records in the answer: every check' }).getByText(/^OK: /).first().waitFor()
    problems.push(...(await accessibilityProblems(page, 'light monitor page')))

    // The answer changes: after two confirming checks the monitor is a Problem, logged with its result.
    records.splice(0, 1, { name: 'watch.test', type: 'A', data: '198.51.100.8' })
    const states = page.getByRole('heading', { name: 'State changes' }).locator('xpath=..')
    await page.getByText(/^Last check: A answer changed: added 198\.51\.100\.8; removed 198\.51\.100\.7/).waitFor()
    await states.getByRole('cell', { name: 'A answer changed: added 198.51.100.8; removed 198.51.100.7' }).waitFor()
    expect(await page.locator('h1 + [data-state]').getAttribute('data-state')).toBe('problem')

    // The webhook of that change carries a signature made with the secret the page showed.
    await expect.poll(() => deliveries.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const delivery = deliveries.find((d) => JSON.parse(d.body.toString()).event === 'monitor.problem')
    expect(delivery).toBeDefined()
    const expected = `sha256=${createHmac('sha256', secret)
      .update(delivery?.body ?? '')
      .digest('hex')}`
    expect(delivery?.signature.length).toBe(expected.length)
    expect(timingSafeEqual(Buffer.from(delivery?.signature ?? ''), Buffer.from(expected))).toBe(true)

    // The change links to the result that confirmed it.
    const open = states.getByRole('link', { name: /^Open result/ }).first()
    const permalink = (await open.getAttribute('href')) ?? ''
    expect(permalink).toMatch(/\/r\/[A-Za-z0-9_-]{22}$/)
    await open.click()
    await page.getByRole('heading', { name: 'DNS', level: 1 }).waitFor()
    await page.getByRole('region', { name: 'Results' }).getByText('198.51.100.8').first().waitFor()
    await page.goBack()

    // Pause: no more checks, in words on the page and in the list.
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await toast(page, 'Paused “DNS answer: watch.test”: no checks run until you resume it')
    await page.getByRole('button', { name: 'Resume', exact: true }).waitFor()
    expect(await page.locator('h1 + [data-state]').textContent()).toBe('Paused')
    await page.getByRole('link', { name: 'All monitors' }).click()
    await row.getByText('Paused', { exact: true }).waitFor()
    await row.getByRole('button', { name: 'Resume DNS answer: watch.test' }).waitFor()
    problems.push(...(await accessibilityProblems(page, 'light monitors page')))

    // Edit: the same form, filled with the monitor; the kind stays.
    await row.getByRole('link', { name: 'DNS answer: watch.test' }).click()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const edit = page.getByRole('region', { name: 'Edit monitor' })
    expect(await edit.getByLabel('Domain name').inputValue()).toBe('watch.test')
    expect(await edit.getByLabel('What to watch').count()).toBe(0)
    await edit.getByLabel('Name', { exact: true }).fill('watch.test A')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await toast(page, 'Saved “watch.test A”')
    await page.getByRole('heading', { name: 'watch.test A', level: 1 }).waitFor()

    // Delete asks first; Cancel keeps it, Delete monitor removes it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete “watch.test A”?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await dialog.getByRole('button', { name: 'Delete monitor' }).click()
    await toast(page, 'Deleted “watch.test A” and its check history')
    await page.waitForURL(`${url}/monitors`)
    await page.getByText('No monitors yet.').waitFor()
    expect(problems).toEqual([])
  }, 120_000)

  it('shows the monitors screens on a 390 px phone in the dark theme without serious violations', async () => {
    const page = await newPage('dark', 390)
    await signUp(page, 'phone@example.test')
    await lookUp(page)
    await page.getByRole('button', { name: 'Watch this' }).click()
    await page.getByLabel('Check every (minutes)').fill('1')
    const phoneProblems = await accessibilityProblems(page, 'dark watch form')
    await page.getByRole('button', { name: 'Create monitor' }).click()
    await page.getByRole('link', { name: 'Open the monitor' }).click()
    await page.getByRole('heading', { name: 'DNS answer: watch.test', level: 1 }).waitFor()
    await page.getByRole('img', { name: 'Records in the answer' }).waitFor()
    expect(await clippedChartLabels(page), 'chart labels cut off at 390 px').toEqual([])
    phoneProblems.push(...(await accessibilityProblems(page, 'dark monitor page')))
    // On a phone the header keeps to one line: monitors are reached from the dashboard.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Monitors' }).count()).toBe(0)
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('main').getByRole('link', { name: 'Monitors' }).click()
    await page
      .getByRole('list', { name: 'Your monitors' })
      .getByRole('link', { name: 'DNS answer: watch.test' })
      .waitFor()
    await page.getByRole('button', { name: 'New monitor' }).click()
    await page.getByLabel('What to watch').selectOption('ssl')
    await page.getByLabel('Host (and port)').waitFor()
    phoneProblems.push(...(await accessibilityProblems(page, 'dark monitors page with the new-monitor form')))

    // A monitor made with the form from scratch: a website, checked at once.
    const website = `http://127.0.0.1:${hook.port}/`
    await page.getByLabel('What to watch').selectOption('website')
    await page.getByLabel('Website URL').fill(website)
    await page.getByLabel('Name').fill('Hook site')
    await page.getByLabel('Slowest accepted answer (ms)').fill('5000')
    await page.getByLabel('Check every (minutes)').fill('1')
    await page.getByRole('button', { name: 'Create monitor' }).click()
    await page.getByText('Monitor “Hook site” created.').waitFor()
    const card = page
      .getByRole('list', { name: 'Your monitors' })
      .getByRole('listitem')
      .filter({ hasText: 'Hook site' })
    await card.getByText(`Website · ${website}`).waitFor()
    await card.getByText(/^Up: HTTP 200 in \d+ ms$/).waitFor()
    // A website monitor is an availability check: its record is an uptime share, since it was created.
    await card.getByText(/^Since created (just now|\d+ min ago): (no data|100 %) uptime, \d+ state changes?$/).waitFor()
    await card.getByText('OK', { exact: true }).waitFor()
    expect(phoneProblems).toEqual([])
  }, 90_000)
})
