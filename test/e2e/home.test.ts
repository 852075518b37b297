// End to end in Chromium: the home page's search, card grid, panel selection and scrolling,
// ?history=true, the back-to-top button and the loading state.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../src/shared/catalogue.ts'
import { browserAvailable } from '../support/browser/browser.ts'
import { type Site, useSite } from '../support/browser/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the home page end-to-end test needs chromium')

/** The page offset at which the panel's top sits just under the sticky header (scroll-mt-20). */
const PANEL_TOP_PX = 80

describe.skipIf(!browserAvailable)('home page in the browser', () => {
  let site: Site
  let page: Page

  useSite(async (started) => {
    site = started
    page = await (await site.newContext()).newPage()
  })

  const cards = () => page.getByRole('region', { name: 'Tools' }).getByRole('listitem')
  const cardButton = (name: string) =>
    page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${name}\\b`) })
  const scrollY = () => page.evaluate(() => window.scrollY)

  /** Waits until the selected panel has been scrolled to just under the header. */
  async function panelScrolledIntoView() {
    await page.waitForFunction((top) => {
      const panel = document.querySelector('[data-testid="selected-panel"]')
      return window.scrollY > 0 && panel !== null && Math.abs(panel.getBoundingClientRect().top - top) < 2
    }, PANEL_TOP_PX)
  }

  /** Loads the home page and waits until the default panel is there (the page has its full height). */
  async function openHome(path = '/') {
    await page.goto(site.url(path))
    await page.getByRole('heading', { level: 1, name: 'Network Diagnostic Toolkit' }).waitFor()
    await page.getByRole('region', { name: 'Results' }).or(page.getByText('Sign in to view your history')).waitFor()
  }

  it('shows the title, tagline, sign-in hint, search box, every card and the ping panel by default', async () => {
    await page.goto(site.url('/'))
    await page.getByRole('heading', { level: 1, name: 'Network Diagnostic Toolkit' }).waitFor()
    await page.getByText('Real results, free, no account needed.', { exact: false }).waitFor()
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/auth')
    await page.getByPlaceholder('Search tools...').waitFor()
    expect(await cards().count()).toBe(catalogue.length + 1)
    await page.getByRole('heading', { level: 2, name: 'Ping', exact: true }).waitFor()
    expect(await cardButton('Ping').getAttribute('aria-pressed')).toBe('true')
  })

  it('filters the cards by name or description, ignoring case', async () => {
    const search = page.getByPlaceholder('Search tools...')
    await search.fill('TRACEroute')
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Tools"] li').length === 1)
    expect(await cards().first().textContent()).toContain('Traceroute')
    await search.fill('whois')
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Tools"] li').length === 2)
    await search.fill('hop by hop')
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Tools"] li').length === 1)
    await search.fill('zzz-nothing')
    await page.getByText('No tools match "zzz-nothing".').waitFor()
    await search.fill('')
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Tools"] li').length === n,
      catalogue.length + 1,
    )
  })

  it('lays the cards out in 2 columns on a phone and 8 on a wide screen, without horizontal scrolling', async () => {
    const columns = () =>
      page.evaluate(() => {
        const grid = document.querySelector('[aria-label="Tools"] ul')
        return grid ? getComputedStyle(grid).gridTemplateColumns.split(' ').length : 0
      })
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    for (const [width, expected] of [
      [360, 2],
      [2560, 8],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.waitForFunction((n) => {
        const grid = document.querySelector('[aria-label="Tools"] ul')
        return grid !== null && getComputedStyle(grid).gridTemplateColumns.split(' ').length === n
      }, expected)
      expect(await columns()).toBe(expected)
      expect(await overflows()).toBe(false)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it('selects a clicked card, shows its panel below the grid and scrolls to it', async () => {
    await openHome()
    expect(await scrollY()).toBe(0)
    await cardButton('Mail Test').click()
    await page.getByRole('heading', { level: 2, name: 'Mail Test', exact: true }).waitFor()
    expect(await cardButton('Mail Test').getAttribute('aria-pressed')).toBe('true')
    expect(await cardButton('Ping').getAttribute('aria-pressed')).toBe('false')
    await panelScrolledIntoView()
  })

  it("offers the registrar card's Learn More link to its own page", async () => {
    await cardButton('Cloudflare Registrar').click()
    const learnMore = page.getByRole('link', { name: 'Learn More' })
    await learnMore.click()
    await page.waitForURL(site.url('/cloudflare-registrar'))
    await page.getByRole('heading', { level: 1, name: 'Cloudflare Registrar' }).waitFor()
  })

  it('opens a card\'s own page from "Open in new page", at the top of the page', async () => {
    await openHome()
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.getByRole('link', { name: /^Open in new page\W+SSL\/TLS$/ }).click()
    await page.waitForURL(site.url('/ssl-check'))
    await page.getByRole('heading', { level: 1, name: 'SSL/TLS' }).waitFor()
    expect(await scrollY()).toBe(0)
  })

  it('selects the History panel and scrolls to it for ?history=true', async () => {
    await openHome('/?history=true')
    expect(await page.getByRole('link', { name: 'Sign In / Sign Up' }).getAttribute('href')).toBe('/auth')
    expect(await cardButton('History').getAttribute('aria-pressed')).toBe('true')
    await panelScrolledIntoView()
  })

  it('shows the back-to-top button only beyond 300 px of scrolling, and it returns to the top', async () => {
    await openHome()
    const backToTop = page.getByRole('button', { name: 'Back to top' })
    await page.evaluate(() => window.scrollTo(0, 300))
    await page.waitForFunction(() => window.scrollY === 300)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await backToTop.count()).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 301))
    await backToTop.click()
    await page.waitForFunction(() => window.scrollY === 0)
    await backToTop.waitFor({ state: 'detached' })
  })

  /** Holds the page's session checks until the returned function is called. */
  async function holdSessionCheck(): Promise<() => void> {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/auth/get-session', async (route) => {
      await held
      // A second check (the page regaining focus) may come after the route is gone.
      await route.continue().catch(() => undefined)
    })
    return release
  }

  it('shows a visitor with a session cookie the hero at once and "Loading..." for the tools until the sign-in state is known', async () => {
    const release = await holdSessionCheck()
    // A stale session: only the check can tell whether it still signs the visitor in.
    await page.context().addCookies([{ name: 'nettoolbox.session_token', value: 'stale.session', url: site.url('/') }])
    await page.goto(site.url('/'))
    await page.getByText('Loading...', { exact: true }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Network Diagnostic Toolkit')
    expect(await cards().count()).toBe(0)
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0)
    release()
    await cards().first().waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).waitFor()
    await page.unroute('**/api/auth/get-session')
    await page.context().clearCookies()
  })

  it('shows a visitor without a session cookie the tools signed out at once, in the page the server sent', async () => {
    const release = await holdSessionCheck()
    const served = await (await fetch(site.url('/'))).text()
    expect(served).toContain('data-auth="signed-out"')
    expect(served).toContain('Search tools...')
    await page.goto(site.url('/'))
    await cards().first().waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).waitFor()
    // The session check, still held, has not answered: the tools did not wait for it. It then confirms them.
    const answered = page.waitForResponse('**/api/auth/get-session')
    release()
    await answered
    await page.unroute('**/api/auth/get-session')
    expect(await cards().count()).toBeGreaterThan(20)
  })
})
