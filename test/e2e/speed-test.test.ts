// End to end in Chromium: the Professional Speed Test measures against our own server on loopback,
// shows the product's progress and texts, saves a signed-in user's result, and can be cancelled.
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestOutboxMail } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { freePort } from '../support/net/ports.ts'

const WEB_DIST = 'dist/web'
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * The finished result on a 390 px phone in both themes: the quality ratings' thresholds open from
 * the keyboard, nothing is wider than the screen and no table scrolls inside its box, and axe finds
 * no serious or critical violation (contrast, labels, table headers).
 */
async function checkResultOnPhone(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addScriptTag({ path: AXE })
  const summaries = page.locator('summary', { hasText: /^Thresholds for / })
  expect(await summaries.count()).toBe(3)
  for (const summary of await summaries.all()) {
    await summary.focus()
    await page.keyboard.press('Enter')
  }
  expect(await page.locator('details[open]', { hasText: 'Thresholds for' }).count()).toBe(3)
  const problems: string[] = []
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light'
    const overflow = await page.evaluate((isDark) => {
      document.documentElement.classList.toggle('dark', isDark)
      document.documentElement.classList.toggle('light', !isDark)
      const tables = [...document.querySelectorAll('main table')].map((t) => t.parentElement as HTMLElement)
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        boxes: tables
          .filter((box) => box.scrollWidth > box.clientWidth)
          .map((box) => `${box.textContent?.slice(0, 40)} (${box.scrollWidth} px in ${box.clientWidth})`),
      }
    }, dark)
    // Colours are judged once the theme's colour transitions have ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    if (overflow.page) problems.push(`${theme}: wider than 390 px`)
    for (const box of overflow.boxes) problems.push(`${theme}: table scrolls sideways: ${box}`)
    const found = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe
      return (await axe.run(document.querySelector('main'), { resultTypes: ['violations'] })).violations
    })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>
    for (const v of found.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${theme}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
  }
  return problems
}
if (!browserAvailable) console.warn('SKIPPED: the speed test end-to-end test needs chromium')

describe.skipIf(!browserAvailable)('speed test in the browser', () => {
  let server: TestApp
  let url: string
  let browser: TestBrowser
  const offLoopback: string[] = []

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({ WEB_DIST, PUBLIC_URL: url, SPEED_SERVER_NAME: 'E2E loopback server' })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /**
   * A context of the fenced browser whose requests to anything but our server are recorded. Only
   * watched, never intercepted: a route would carry every measured body through Playwright.
   */
  async function newContext(): Promise<BrowserContext> {
    // bypassCSP lets the accessibility check inject axe-core; the page's own scripts are unchanged.
    const context = await browser.newContext({ bypassCSP: true })
    context.setDefaultTimeout(60_000)
    context.on('request', (request) => {
      if (!request.url().startsWith(url)) offLoopback.push(request.url())
    })
    return context
  }
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()

  // One whole run (it takes the engine's full time) covers the measured numbers and the saving.
  it("runs the whole test against our server, shows measured numbers and saves a signed-in user's result to the history", async () => {
    const context = await newContext()
    const email = 'speed-e2e@example.test'
    await context.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: 'speed-e2e-pw', name: '' },
      headers: { origin: url },
    })
    const link = (await latestOutboxMail(server.dataDir, email)).links[0] ?? ''
    await context.request.get(link)
    const page = await context.newPage()
    await page.goto(`${url}/speed-test`)
    await page.getByRole('heading', { level: 1, name: 'Professional Speed Test' }).waitFor()
    await page.getByRole('button', { name: 'Start Test' }).click()
    await page.getByText('Server: E2E loopback server').waitFor()
    await toast(page, 'Speed Test completed successfully')
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    const tiles = await page.locator('dl dd').allInnerTexts()
    expect(tiles).toHaveLength(4)
    for (const tile of tiles) expect(tile).toMatch(/^\d+(\.\d+)? (Mbps|ms)$/)
    await page.getByRole('button', { name: 'Run Again' }).waitFor()
    await toast(page, 'Result saved to your history')
    const history = await (await context.request.get(`${url}/api/history`)).json()
    expect(history.items[0]).toMatchObject({
      toolName: 'speedtest',
      resultData: { serverLocation: 'E2E loopback server', server: 'ours' },
    })
    expect(history.items[0].resultData.download).toBeGreaterThan(0)
    // The quality figures: spread, loss not measured, a rating per use, saved with the result.
    await page.getByRole('region', { name: 'Latency spread (ms)' }).waitFor()
    await page.getByText('Packet loss: not measured', { exact: true }).waitFor()
    for (const use of ['Streaming', 'Gaming', 'Video calls']) {
      await page
        .getByRole('heading', { level: 4, name: new RegExp(`^${use}: (Great|Good|Average|Poor|Bad)$`) })
        .waitFor()
    }
    expect(history.items[0].resultData.quality.streaming.notJudged).toEqual([
      { input: 'packetLoss', reason: expect.stringMatching(/^not measured: browsers can only measure it over UDP/) },
    ])
    expect(history.items[0].resultData.percentiles.idle.samples).toBe(20)
    expect(await checkResultOnPhone(page)).toEqual([])
    expect(offLoopback).toEqual([])
    await context.close()
  }, 120_000)

  it('says "Test cancelled." when cancelled and starts from zero with Run Again', async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${url}/speed-test`)
    await page.getByRole('button', { name: 'Start Test' }).click()
    await page.getByText('Testing download...').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alert').filter({ hasText: 'Test cancelled.' }).waitFor()
    await page.getByRole('button', { name: 'Run Again' }).click()
    await page.getByText('Measuring latency...').waitFor()
    expect(Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeLessThanOrEqual(10)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await context.close()
  }, 120_000)
})

describe.skipIf(!browserAvailable)('speed test in the browser, with the byte budget spent', () => {
  const BUDGET = 30_000_000
  let server: TestApp
  let url: string
  let browser: TestBrowser

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = await createTestApp({
      WEB_DIST,
      PUBLIC_URL: url,
      SPEED_SERVER_NAME: 'E2E budget server',
      SPEED_BYTES_PER_MINUTE: String(BUDGET),
    })
    await server.app.listen({ port, host: '127.0.0.1' })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows a direction cut short by the budget as incomplete with the reason in words, and no grade', async () => {
    const context = await browser.newContext()
    context.setDefaultTimeout(60_000)
    const page = await context.newPage()
    await page.goto(`${url}/speed-test`)
    // Another client on this address (another tab, a script) took all but 1 MB of this minute's
    // budget: a transfer is charged in full when it starts.
    await (await fetch(`${url}/api/speed/down?bytes=${BUDGET - 1_000_000}`)).body?.cancel()
    await page.getByRole('button', { name: 'Start Test' }).click()
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Speed Test finished, but not every measurement is complete' })
      .first()
      .waitFor()
    const tile = (label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd').innerText()
    expect(await tile('Download')).toMatch(
      /^[\d.]+ Mbps\nIncomplete: Too much speed-test traffic from your address\. Try again in \d+ s\.$/,
    )
    expect(await tile('Upload')).toMatch(/^Failed\nAll upload tests failed: \S/)
    await page.getByText(/^No bufferbloat grade/).waitFor()
    expect(await page.getByText(/^Bufferbloat grade/).count()).toBe(0)
    expect(await page.locator('main').innerText()).not.toContain('HTTP 429')
    await context.close()
  }, 120_000)
})
