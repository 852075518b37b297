// End to end: what a person reads when our resolver refuses a reverse lookup, and when a host name's
// subdomain is on a block list. Knot on loopback is this server's resolver: it serves the block-list
// fixture zones under the real list names and a shop.test zone, and refuses reverse zones it does not
// serve (REFUSED for 198.51.100.50).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/shared/catalogue.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { dnsblLabZones, LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the verdict wording end-to-end test needs chromium and knotd')

const SHOP_ZONE = `$TTL 60
@       IN SOA  ns.shop.test. hostmaster.shop.test. 2026112701 3600 600 86400 60
@       IN NS   ns.shop.test.
@       IN A    ${LAB.unlisted}
evil    IN A    ${LAB.unlisted}
`

const entry = (id: string) => {
  const found = catalogue.find((e) => e.id === id)
  if (!found) throw new Error(`no catalogue entry ${id}`)
  return found
}

describe.skipIf(!ready)('verdict wording in the browser', () => {
  let knot: KnotServer
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([...dnsblLabZones(), { origin: 'shop.test', text: SHOP_ZONE }])
    server = await startHttpServer({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  async function run(id: string, input: string) {
    const tool = entry(id)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/${tool.route}`)
    await page.getByLabel(tool.label ?? '', { exact: true }).fill(input)
    await page.getByRole('button', { name: tool.button, exact: true }).click()
    return { context, page, output: page.getByRole('region', { name: 'Results' }) }
  }

  it('calls a refusing resolver our failure on the reverse DNS page, never "No PTR record"', async () => {
    const { context, page, output } = await run('rdns', '198.51.100.50')
    const error = `This server's resolver ${knot.endpoint} answered REFUSED for 50.100.51.198.in-addr.arpa PTR, so the PTR records of 198.51.100.50 are unknown`
    await output
      .getByText("No answer: this server's resolver answered REFUSED; the PTR records are unknown", { exact: true })
      .waitFor()
    await page.locator('[data-sonner-toast]').filter({ hasText: error }).first().waitFor({ state: 'attached' })
    expect(await page.locator('body').innerText()).not.toContain('No PTR record')
    await context.close()
  }, 60_000)

  it('shows the listed subdomain of a host name, links the removal page, and toasts a warning', async () => {
    const { context, page, output } = await run('blacklist', 'evil.shop.test')
    await output.getByText('Listed: evil.shop.test on Spamhaus DBL', { exact: true }).waitFor()
    const removal = output.getByRole('link', { name: 'Request removal from Spamhaus DBL' })
    expect(await removal.getAttribute('href')).toBe('https://check.spamhaus.org/')
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({
        hasText: /^IP Blacklist finished: Listed on 1 of \d+ reachable lists: evil\.shop\.test on Spamhaus DBL/,
      })
      .first()
    await toast.waitFor({ state: 'attached' })
    expect(await toast.getAttribute('data-type')).toBe('warning')
    expect(await page.locator('body').innerText()).not.toContain('completed successfully')
    await context.close()
  }, 60_000)
})
