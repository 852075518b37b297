// Accessibility and layout in Chromium: axe-core on every route (and on the states a person meets
// on the way: a dialog, an error, a result) in both themes, failing on serious or critical
// violations; the light theme at desktop width, the dark one on a 360 px phone, neither wider than
// the screen. (test/e2e/layout.test.ts writes the screenshots of every page.)
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/shared/catalogue.ts'
import { browserAvailable } from '../support/browser/browser.ts'
import { navigate, type Site, useSite } from '../support/browser/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the accessibility end-to-end test needs chromium')

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[] }>
}

const routes = [
  '/',
  '/auth',
  '/benefits',
  ...catalogue.map((tool) => `/${tool.route}`),
  '/rdns-lookup?mode=bulk',
  '/dns-lookup?mode=bulk',
  '/ssl-check?mode=bulk',
  '/ping?mode=bulk',
  '/no-such-page',
]

const themes = [
  { theme: 'light', viewport: { width: 1280, height: 800 } },
  { theme: 'dark', viewport: { width: 360, height: 740 } },
] as const

describe.skipIf(!browserAvailable)('accessibility in the browser', () => {
  let site: Site

  useSite((started) => {
    site = started
  })

  /** A page in the theme, with axe loaded (the CSP is bypassed for the injected script only in this test). */
  async function openPage(theme: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await site.newContext({ viewport, bypassCSP: true })
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
    const page = await context.newPage()
    await page.goto(site.url('/'))
    // The app has replaced the server's first HTML once the home page's panel is there.
    await page.getByTestId('selected-panel').waitFor()
    await page.addScriptTag({ path: AXE })
    return page
  }

  /** Serious and critical violations on the page as it is now, as readable lines. */
  async function violations(page: Page, where: string): Promise<string[]> {
    // Colours are judged once transitions (toasts sliding in, dialogs fading) have ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    const found = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe
      return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations
    })) as Violation[]
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  /** Waits for the page's content; the home page's tool panel loads its code when scrolled to. */
  async function settle(page: Page) {
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    if (new URL(page.url()).pathname === '/') {
      const panel = page.getByTestId('selected-panel')
      await panel.waitFor()
      await panel.evaluate((element) => element.scrollIntoView())
    }
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading...'))
  }

  describe.each(themes)('$theme theme', ({ theme, viewport }) => {
    let page: Page

    beforeAll(async () => {
      page = await openPage(theme, viewport)
    })

    it('has no serious or critical violation and no horizontal scrolling on any route', async () => {
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
      // The check itself works: an image without a text alternative is reported.
      await page.evaluate(() =>
        document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img id="probe" src="data:,">'),
      )
      expect((await violations(page, 'probe')).join('\n')).toContain('image-alt (critical)')
      await page.evaluate(() => document.getElementById('probe')?.remove())

      const problems: string[] = []
      for (const route of routes) {
        await navigate(page, route)
        await settle(page)
        problems.push(...(await violations(page, `${theme} ${route}`)))
        if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) {
          problems.push(`${theme} ${route}: wider than the ${viewport.width} px screen`)
        }
      }
      expect(problems).toEqual([])
    }, 180_000)

    it('has no serious or critical violation in an input error and a result', async () => {
      const problems: string[] = []
      await navigate(page, '/ping')
      await page.getByLabel('Domain or IP Address', { exact: true }).fill('bad host!')
      await page.getByLabel('Domain or IP Address', { exact: true }).press('Enter')
      // The input's error is drawn beside the field.
      await page.locator('[data-field-error]').waitFor()
      problems.push(...(await violations(page, `${theme} ping input error`)))

      await navigate(page, '/what-is-my-ip')
      await page.getByRole('button', { name: 'My IP', exact: true }).click()
      await page.getByRole('button', { name: 'Download JSON' }).waitFor()
      problems.push(...(await violations(page, `${theme} what-is-my-ip result`)))

      await navigate(page, '/rdns-lookup?mode=bulk')
      await page.getByLabel('Inputs, one per line').fill('198.51.100.1\nnot-an-ip')
      await page.getByRole('button', { name: 'Run all' }).click()
      await page.getByText('2 of 2 done').waitFor()
      problems.push(...(await violations(page, `${theme} bulk reverse DNS rows`)))
      expect(problems).toEqual([])
    }, 60_000)
  })
})
