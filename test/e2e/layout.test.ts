// Every page of the catalogue, with a finished result where the tool takes input, at a 390 px phone
// and a 1440 px desktop, in the light and the dark theme: no horizontal scrolling of the page, no
// result scrolling inside its own box (reports flow in the page), the page ending at its footer, and,
// with SCREENSHOTS=1, a full-page screenshot of each in artifacts/screenshots/
// (<page>-<width>-<theme>.png) for a person to look through. The screenshots prove nothing the
// assertions do not, and 112 full pages cost about 45 s of the browser's CPU, so an ordinary run
// leaves them out. Every run talks to
// loopback only: the tools' peers are started here (a Knot zone, an RDAP service, an HTTP site) and
// everything else is refused by the target policy or answered by a loopback stub resolver.

import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CatalogueEntry, catalogue } from '../../src/shared/catalogue.ts'
import { REPO_ROOT } from '../lab/lab.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { clippedChartLabels } from '../support/browser/chart-labels.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { type RdapServer, startRdapServer } from '../support/whois/rdap-server.ts'

const SHOTS = path.join(REPO_ROOT, 'artifacts/screenshots')
const takeScreenshots = process.env.SCREENSHOTS === '1'
const zoneText = readFileSync(new URL('../fixtures/served/zones/example.test.zone', import.meta.url), 'utf8')

const notice = !browserAvailable ? 'chromium' : !knotAvailable ? 'knotd (Debian package knot)' : null
if (notice) console.warn(`SKIPPED: the layout test needs ${notice}`)

/** What each tool is run with: results from loopback peers, or a refusal the page shows. */
function inputFor(entry: CatalogueEntry, site: HttpSite): string | undefined {
  const inputs: Record<string, string> = {
    ping: '127.0.0.1',
    traceroute: '127.0.0.1',
    whois: 'example-shop.test',
    dns: 'example.test',
    rdns: '127.0.0.1',
    ssl: 'example.test',
    geolocation: '1.1.1.1',
    blacklist: '198.51.100.7',
    'website-check': `http://127.0.0.1:${site.port}/`,
    asn: '1.1.1.1',
    abuse: '198.51.100.7',
    mail: 'example.test',
  }
  return inputs[entry.id]
}

describe.skipIf(notice !== null)('every page at 390 px and 1440 px, light and dark', () => {
  let knot: KnotServer
  let rdap: RdapServer
  let site: HttpSite
  let server: RunningServer
  let browser: TestBrowser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    if (takeScreenshots) await mkdir(SHOTS, { recursive: true })
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    rdap = await startRdapServer()
    site = await startHttpSite('127.0.0.1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Loopback site</title>')
    })
    server = await startHttpServer({
      DNS_SERVERS: knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      WHOIS_SERVER: '127.0.0.1:9',
    })
    browser = await launchBrowser()
    // Less motion, as a visitor can ask for: the theme's colours change at once, so each picture is
    // taken as soon as the new theme has painted.
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })
    context.setDefaultTimeout(60_000)
    // Embedded and linked outside sites are not reached: their frames get a stub page.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stub</title><p>Stub</p>' }),
    )
    page = await context.newPage()
  }, 120_000)
  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.close()
    await site?.close()
    await rdap?.stop()
    await knot?.stop()
  })

  /**
   * How the result area and the page end: the result's own vertical overflow (0 when it scrolls
   * nothing inside itself) and how far the document goes on below the footer's bottom edge.
   */
  const ending = () =>
    page.evaluate(() => {
      const result = document.querySelector('section[aria-label="Results"]')
      const footer = document.querySelector('footer')
      const scrolled = document.scrollingElement ?? document.documentElement
      return {
        innerScroll: result ? result.scrollHeight - result.clientHeight : 0,
        belowFooter: footer ? scrolled.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY) : 0,
      }
    })

  /** How far the page scrolls sideways: 0 when nothing is wider than the window. */
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

  async function setTheme(theme: 'light' | 'dark') {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle('dark', t === 'dark')
      document.documentElement.classList.toggle('light', t === 'light')
      document.documentElement.style.colorScheme = t
    }, theme)
    // The new theme has painted after the next two animation frames.
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    )
  }

  const pages: Array<{ name: string; path: string; entry?: CatalogueEntry }> = [
    { name: 'home', path: '/' },
    { name: 'benefits', path: '/benefits' },
    { name: 'auth', path: '/auth' },
    // Ping and traceroute send two probes instead of their default four and five: the same rows and
    // columns, seconds sooner.
    ...catalogue.map((entry) => ({
      name: entry.id,
      path: `/${entry.route}${entry.id === 'ping' || entry.id === 'traceroute' ? '?count=2' : ''}`,
      entry,
    })),
  ]

  it.each(pages)(
    '$name: no sideways scrolling at 390 px or 1440 px, in either theme',
    async ({ name, path: route, entry }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${server.url}${route}`)
      await page.getByRole('main').waitFor()
      const input = entry ? inputFor(entry, site) : undefined
      if (entry?.kind === 'tool') {
        if (input !== undefined && entry.label) await page.getByLabel(entry.label, { exact: true }).fill(input)
        await page.getByRole('button', { name: entry.button, exact: true }).click()
        const results = page.getByRole('region', { name: 'Results' })
        // Finished: the run's toast (success, warning or failure) is up and the box is no longer busy.
        await page.locator('[data-sonner-toast]').first().waitFor({ state: 'attached' })
        await page.waitForFunction(
          () => document.querySelector('section[aria-label="Results"]')?.getAttribute('aria-busy') === 'false',
        )
        // Tables and long names must fit or scroll inside their own box, never widen the page.
        for (const detail of await results.locator('details').all())
          await detail.evaluate((d) => d.setAttribute('open', ''))
      }
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
        for (const theme of ['light', 'dark'] as const) {
          await setTheme(theme)
          expect(await overflow(), `${name} at ${width} px (${theme}) scrolls sideways`).toBeLessThanOrEqual(0)
          // Reports flow in the page: no scroll box around a result, and the page ends at its footer.
          const { innerScroll, belowFooter } = await ending()
          expect(
            innerScroll,
            `${name} at ${width} px (${theme}): the result scrolls inside its box`,
          ).toBeLessThanOrEqual(1)
          expect(
            belowFooter,
            `${name} at ${width} px (${theme}): the page goes on below its footer`,
          ).toBeLessThanOrEqual(40)
          expect(await clippedChartLabels(page), `${name} at ${width} px: chart labels cut off`).toEqual([])
          if (takeScreenshots)
            await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true })
        }
      }
    },
    90_000,
  )
})
