// End to end in Chromium: the site from the keyboard and the "Watch this" row. The first Tab reaches
// "Skip to content"; a tool is chosen and run from the home page with the keyboard alone (the card's
// Enter puts the focus in the tool's field); a click on a card does the same, and a tool without
// input gets its run button focused; the focus ring has 3:1 contrast or more against the page and
// against the focused control in both themes; "Watch this" is offered after a failed run too, with
// words that follow the run. Names are answered by a loopback table DNS server; a failed ping is a
// name that does not exist, so no packet leaves the machine.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'

if (!browserAvailable) console.warn('SKIPPED: the reading end-to-end test needs chromium')

/** WCAG 2 contrast ratio of two sRGB colours given as [r, g, b] bytes. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((byte) => {
      const c = byte / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

interface FocusedColours {
  name: string
  outlineStyle: string
  ring: number[]
  page: number[]
  own: number[]
}

/**
 * The focused element's ring colour, the page's background and the colour the element is drawn on
 * (its own background over its ancestors'), as sRGB bytes: each colour is painted on a canvas and
 * read back, so any CSS colour syntax (hex, oklch, with alpha) ends up as what the screen shows.
 */
function focusedColours(): FocusedColours | null {
  const element = document.activeElement
  if (!(element instanceof HTMLElement) || element === document.body) return null
  const canvas = document.createElement('canvas')
  canvas.width = 1
  canvas.height = 1
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return null
  const paint = (colours: string[]) => {
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, 1, 1)
    for (const colour of colours) {
      context.fillStyle = colour
      context.fillRect(0, 0, 1, 1)
    }
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)]
  }
  const layers: string[] = []
  for (let node: Element | null = element; node; node = node.parentElement)
    layers.unshift(getComputedStyle(node).backgroundColor)
  const style = getComputedStyle(element)
  return {
    name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
    outlineStyle: style.outlineStyle,
    ring: paint([style.outlineColor]),
    page: paint([getComputedStyle(document.documentElement).backgroundColor]),
    own: paint(layers),
  }
}

describe.skipIf(!browserAvailable)('reading and the keyboard in the browser', () => {
  let dns: TableDns
  let server: RunningServer
  let browser: TestBrowser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    dns = await startTableDns({ records: [{ name: 'watch.test', type: 'A', data: '198.51.100.7' }] })
    server = await startHttpServer({ DNS_SERVERS: dns.endpoint })
    browser = await launchBrowser()
  })
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await dns?.stop()
  })

  async function newPage(theme: 'light' | 'dark' = 'light', width = 1440): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    context.setDefaultTimeout(20_000)
    contexts.push(context)
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
    return context.newPage()
  }

  /**
   * Loads the home page and waits until its tool cards are there and, at a desktop width, the
   * default (ping) panel takes input (on a phone its code loads once the visitor comes near it).
   */
  async function openHome(page: Page) {
    await page.goto(`${server.url}/`)
    await page.getByRole('region', { name: 'Tools' }).getByRole('button').first().waitFor()
    if ((page.viewportSize()?.width ?? 0) >= 1024)
      await page.getByLabel('Domain or IP Address', { exact: true }).and(page.locator(':enabled')).waitFor()
  }

  const activeLabel = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement
      if (!(active instanceof HTMLElement)) return null
      const label = active.id ? document.querySelector(`label[for="${CSS.escape(active.id)}"]`) : null
      return (label?.textContent ?? active.textContent ?? '').trim()
    })

  it('offers "Skip to content" at the first Tab, and it moves the focus to the main content', async () => {
    const page = await newPage()
    await openHome(page)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.id === 'main')
    // The next Tab goes on from the content: the first control inside main, not the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true)
  })

  it('runs a tool from the home page with the keyboard alone', async () => {
    const page = await newPage('light', 390)
    await openHome(page)
    // Tab to the DNS card: the header, the search box and the cards before it.
    let presses = 0
    const dnsCard = page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: /^DNS\b/ })
    const onDnsCard = () => dnsCard.evaluate((card) => card === document.activeElement)
    while (!(await onDnsCard())) {
      presses += 1
      expect(presses, 'the DNS card is reachable with Tab').toBeLessThan(60)
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT')
    expect(await activeLabel(page)).toBe('domain')
    await page.keyboard.type('watch.test')
    await page.keyboard.press('Enter')
    const results = page.getByRole('region', { name: 'Results' })
    await results.getByText('198.51.100.7').first().waitFor()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'DNS completed successfully' }).first().waitFor()
  })

  it('focuses the first field of a clicked card, or the run button of a tool without input', async () => {
    const page = await newPage()
    await openHome(page)
    const card = (name: string) =>
      page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${name}\\b`) })
    await card('Traceroute').click()
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT')
    expect(await activeLabel(page)).toBe('domain or IP')
    await card('What Is My IP').click()
    await page.waitForFunction(
      () => document.activeElement?.tagName === 'BUTTON' && document.activeElement.closest('form'),
    )
    expect(await activeLabel(page)).toBe('My IP')
  })

  it.each(['light', 'dark'] as const)(
    'draws the focus ring with 3:1 contrast against the page and the focused control (%s theme)',
    async (theme) => {
      const page = await newPage(theme)
      await openHome(page)
      const seen: FocusedColours[] = []
      // The header's links and buttons, the search box, the cards, the panel's field and Run button.
      for (let i = 0; i < 70; i += 1) {
        await page.keyboard.press('Tab')
        const colours = await page.evaluate(focusedColours)
        if (colours) seen.push(colours)
      }
      const names = seen.map((c) => c.name)
      // The panel's Run button (dark on the light page, light on the dark one) is among them.
      expect(names, 'the run button was reached').toContain('button "Ping"')
      const weak = seen.flatMap((c) => {
        const page = contrast(c.ring, c.page)
        const own = contrast(c.ring, c.own)
        return c.outlineStyle === 'none' || page < 3 || own < 3
          ? [
              `${c.name}: ${c.outlineStyle} ring rgb(${c.ring}) is ${page.toFixed(2)}:1 on the page, ${own.toFixed(2)}:1 on rgb(${c.own})`,
            ]
          : []
      })
      expect(weak).toEqual([])
    },
    60_000,
  )

  it('words "Watch this" after the run and offers it after a failed ping too', async () => {
    const page = await newPage()
    await page.goto(`${server.url}/ping`)
    const field = page.getByLabel('Domain or IP Address', { exact: true })
    await field.and(page.locator(':enabled')).waitFor()
    await page.getByText('Run the check, then watch its result.').waitFor()
    expect(await page.getByRole('button', { name: 'Watch this' }).count()).toBe(0)
    // A name with no address: the ping fails at its target, and that is worth watching.
    await field.fill('gone.test')
    await page.getByRole('button', { name: 'Ping', exact: true }).click()
    await page.getByText('This check failed. Watch it to get an alert when it works again.').waitFor()
    expect(await page.getByText('Run the check, then watch its result.').count()).toBe(0)
    await page.getByRole('button', { name: 'Watch this' }).click()
    await page
      .getByRole('region', { name: 'Watch this result' })
      .getByText(/^Monitors need a free account\./)
      .waitFor()

    await page.goto(`${server.url}/dns-lookup`)
    await page.getByLabel('domain', { exact: true }).and(page.locator(':enabled')).waitFor()
    await page.getByLabel('domain', { exact: true }).fill('watch.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await page.getByText('Get an alert when this result changes.').waitFor()
    await page.getByRole('button', { name: 'Watch this' }).waitFor()
  })
})
