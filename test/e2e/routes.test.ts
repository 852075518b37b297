// End to end in Chromium: every route of the product's table with its heading and search-engine texts,
// the external and extra pages, the 404 page and its logged path, and the header and footer.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type CatalogueEntry, catalogue, findEntry } from '../../src/shared/catalogue.ts'
import { pageMeta } from '../../src/shared/page-meta.ts'
import { browserAvailable } from '../support/browser/browser.ts'
import { eventSent, metaContent, navigate, REPORT_ISSUE_URL, type Site, useSite } from '../support/browser/site.ts'

if (!browserAvailable) console.warn('SKIPPED: the routes end-to-end test needs chromium')

/** The speed test's page is titled after its panel, the product's "Professional Speed Test". */
const headingOf = (tool: CatalogueEntry) => (tool.id === 'speedtest' ? 'Professional Speed Test' : tool.name)

const entry = (id: string): CatalogueEntry => {
  const found = findEntry(id)
  if (!found) throw new Error(`no catalogue entry ${id}`)
  return found
}

describe.skipIf(!browserAvailable)('routes in the browser', () => {
  let site: Site
  let page: Page

  useSite(async (started) => {
    site = started
    page = await (await site.newContext()).newPage()
  })

  type Meta = { title: string; description: string; keywords: string }
  /** Checks a route's heading and texts, reached by loading it (`load`) or by the app's own navigation. */
  async function expectPage(path: string, heading: string, meta: Meta, reach: 'load' | 'navigate' = 'load') {
    if (reach === 'load') await page.goto(site.url(path))
    else await navigate(page, path)
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
    await page.waitForFunction((title) => document.title === title, meta.title)
    expect(await metaContent(page, 'description')).toBe(meta.description)
    expect(await metaContent(page, 'keywords')).toBe(meta.keywords)
  }

  it('gives every tool page its heading, title, description and keywords, loaded directly or navigated to', async () => {
    await expectPage('/whois', 'Whois', entry('whois').seo)
    for (const tool of catalogue) await expectPage(`/${tool.route}`, headingOf(tool), tool.seo, 'navigate')
    await expectPage('/mail-test', 'Mail Test', entry('mail').seo)
    expect(new Set(catalogue.map((tool) => tool.seo.title)).size).toBe(catalogue.length)
  }, 60_000)

  it('gives the home, auth, benefits, privacy and 404 pages their heading and their own texts', async () => {
    await expectPage('/', 'Network Diagnostic Toolkit', pageMeta.home)
    await expectPage('/auth', 'Welcome to NetToolbox', pageMeta.auth)
    await expectPage('/benefits', 'Why create an account?', pageMeta.benefits)
    await expectPage('/privacy', 'Privacy', pageMeta.privacy)
    await expectPage('/no/such/page', 'Oops! Page not found', pageMeta.notFound)
    const titles = Object.values(pageMeta).map((meta) => meta.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('sends a signed-out visitor of the dashboard to sign in', async () => {
    await page.goto(site.url('/dashboard'))
    await page.waitForURL(site.url('/auth'))
    await page.getByRole('heading', { level: 1, name: 'Welcome to NetToolbox' }).waitFor()
  })

  it('shows the 404 text, logs the missing path to the server, and links home', async () => {
    const logged = eventSent(page, 'page_not_found')
    // The page view goes out when the browser is idle, and the page left before (the previous
    // test's) sends its own view as it is left: wait for this page's view, not merely the newest.
    const viewed = eventSent(page, '$pageview', (p) => p.$pathname === '/missing-page')
    await page.goto(site.url('/missing-page?x=1'))
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor()
    expect((await logged).status()).toBe(204)
    expect((await viewed).status()).toBe(204)
    const events = await site.events()
    expect(events.find((e) => e.name === 'page_not_found')?.properties).toMatchObject({ path: '/missing-page' })
    expect(events.filter((e) => e.name === '$pageview').map((e) => e.properties.$pathname)).toContain('/missing-page')

    const left = eventSent(page, '$pageleave', (p) => p.$pathname === '/missing-page')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(site.url('/'))
    await left
    await page.getByRole('heading', { level: 1, name: 'Network Diagnostic Toolkit' }).waitFor()
  })

  it('links Control Panel, Central Ops, Grok AI, Advanced Whois and Tech.Room out in a new tab', async () => {
    await page.goto(site.url('/'))
    for (const id of ['control-panel', 'centralops', 'grok', 'advanced-whois', 'tech-room']) {
      const tool = entry(id)
      await navigate(page, `/${tool.route}`)
      const link = page.getByRole('link', { name: `Open ${tool.name}` })
      expect(await link.getAttribute('href')).toBe(tool.url)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
      expect(await page.locator('main iframe').count()).toBe(0)
    }
  })

  it('embeds DigGui, IFConfig and the speed test in 600 px frames the CSP allows, each with an open-in-new-tab link', async () => {
    await page.goto(site.url('/'))
    for (const id of ['diggui', 'ifconfig', 'cf-speedtest']) {
      const tool = entry(id)
      await navigate(page, `/${tool.route}`)
      const frame = page.locator(`iframe[title="${tool.name}"]`)
      expect(await frame.getAttribute('src')).toBe(tool.url)
      expect((await frame.boundingBox())?.height).toBe(600)
      await page
        .frameLocator(`iframe[title="${tool.name}"]`)
        .getByText(`Stub of ${new URL(tool.url ?? '').host}`)
        .waitFor()
      const open = page.getByRole('link', { name: /^Open in new tab/ })
      expect(await open.getAttribute('href')).toBe(tool.url)
      expect(await open.getAttribute('target')).toBe('_blank')
    }
  })

  it("shows the registrar page's four benefits, its Domain Search link and version label", async () => {
    const registrar = entry('cloudflare')
    await page.goto(site.url('/cloudflare-registrar'))
    for (const benefit of ['At-Cost Pricing', 'Enhanced Security', 'WHOIS Privacy', 'No Hidden Fees']) {
      await page.getByRole('heading', { name: benefit }).waitFor()
    }
    const search = page.getByRole('link', { name: /^Domain Search/ })
    expect(await search.getAttribute('href')).toBe(registrar.url)
    expect(await search.getAttribute('target')).toBe('_blank')
    await page.getByText('V.1.34', { exact: true }).waitFor()
  })

  it("shows the benefits page's four benefits and its buttons to signed-out visitors", async () => {
    await page.goto(site.url('/benefits'))
    for (const benefit of ['Save Results', 'Access History', 'Secure & Private', 'Always Free']) {
      await page.getByRole('heading', { name: benefit }).waitFor()
    }
    expect(await page.getByRole('link', { name: 'Create Free Account' }).getAttribute('href')).toBe('/auth')
    expect(await page.getByRole('link', { name: 'Continue Without Account' }).getAttribute('href')).toBe('/')
    expect(await page.getByRole('link', { name: 'Sign in here' }).getAttribute('href')).toBe('/auth')
  })

  it('has a header with the product link, documentation notice, Report Issue link and sign-in links, and the footer labels', async () => {
    await page.goto(site.url('/ping'))
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'NetToolbox' }).getAttribute('href')).toBe('/')
    const report = header.getByRole('link', { name: /Report Issue/ })
    expect(await report.getAttribute('target')).toBe('_blank')
    expect(await report.getAttribute('href')).toBe(REPORT_ISSUE_URL)
    expect(await header.getByRole('link', { name: 'Benefits' }).getAttribute('href')).toBe('/benefits')
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')

    expect(await header.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/docs/api')

    const footer = page.getByRole('contentinfo')
    await footer.getByText('BETA V.1.34', { exact: true }).waitFor()
    await footer.getByText('© 2026 NetToolbox').waitFor()
    await footer.getByRole('link', { name: 'Privacy' }).click()
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor()
    await page.getByText('What you type into a tool is never part of an event.', { exact: false }).waitFor()
  })

  it('keeps the chosen theme under "theme" across reloads, starting from the system preference', async () => {
    const context = await site.newContext({ colorScheme: 'dark' })
    const themed = await context.newPage()
    const isDark = () => themed.evaluate(() => document.documentElement.classList.contains('dark'))
    await themed.goto(site.url('/ping'))
    await themed.getByRole('heading', { level: 1, name: 'Ping' }).waitFor()
    expect(await isDark()).toBe(true)
    await themed.getByRole('button', { name: 'Switch to light mode' }).click()
    expect(await isDark()).toBe(false)
    expect(await themed.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    await themed.reload()
    await themed.getByRole('button', { name: 'Switch to dark mode' }).waitFor()
    expect(await isDark()).toBe(false)
    await themed.getByRole('button', { name: 'Switch to dark mode' }).click()
    await themed.reload()
    await themed.getByRole('button', { name: 'Switch to light mode' }).waitFor()
    expect(await isDark()).toBe(true)
    expect(await themed.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    await context.close()
  })

  it('sends a password-recovery link on any other path to /auth, keeping its query and fragment', async () => {
    await page.goto(site.url('/ping?type=recovery&code=abc#section'))
    await page.waitForURL(site.url('/auth?type=recovery&code=abc#section'))
    await page.goto(site.url('/whois#access_token=x&type=recovery'))
    await page.waitForURL(site.url('/auth#access_token=x&type=recovery'))
  })

  it('scrolls to the top when the route changes', async () => {
    await page.goto(site.url('/cloudflare-registrar'))
    await page.getByRole('heading', { level: 1, name: 'Cloudflare Registrar' }).waitFor()
    await page.setViewportSize({ width: 1280, height: 400 })
    // Scroll again until it sticks: the page may still be growing (the embedded frame loads).
    await page.waitForFunction(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
      return window.scrollY > 0
    })
    await page.getByRole('link', { name: 'NetToolbox' }).click()
    // The heading and the scroll come in the same render.
    await page.getByRole('heading', { level: 1, name: 'Network Diagnostic Toolkit' }).waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})
