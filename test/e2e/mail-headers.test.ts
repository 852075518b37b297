// End to end: a person pastes a signed message's headers into the Email Header Analyzer and reads the
// hop table, the re-checks against Knot on loopback and the anomalies; the page passes axe and fits a
// 390 px phone.
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { dnsblLabZones, LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { mailZone, signedHeaders } from '../support/mail/signed-headers.ts'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const PHONE = { width: 390, height: 844 }
const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the email header analyzer end-to-end test needs chromium and knotd')

interface Violation {
  id: string
  impact: string
  nodes: { target: string[] }[]
}

describe.skipIf(!ready)('Email Header Analyzer in the browser', () => {
  let knot: KnotServer
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([...dnsblLabZones({ everyList: true }), mailZone(LAB.unlisted)])
    server = await startHttpServer({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  /** Serious and critical axe violations of the page as it is. */
  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE })
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe
      return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations
    })) as Violation[]
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  /** The tool's page in a new context, the signed headers (newest hop from the listed relay) analyzed. */
  async function analyzeListedRelay(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${server.url}/email-headers`)
    await page.getByRole('heading', { level: 1, name: 'Email Header Analyzer' }).waitFor()
    await page.getByLabel('Message headers', { exact: true }).fill(await signedHeaders({ relay: LAB.listed }))
    await page.getByRole('button', { name: 'Analyze', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    await output.getByText(`Relay ${LAB.listed} is on a block list`).first().waitFor()
    return { context, page, output }
  }

  it('shows the hop table, the re-checks and the listed relay, with no axe violation', async () => {
    const { context, page, output } = await analyzeListedRelay({ width: 1280, height: 900 })
    const rows = await output.getByRole('table', { name: 'Hops, oldest first' }).getByRole('row').allInnerTexts()
    expect(rows[2]).toContain(`out.mail.test ([${LAB.listed}])`)
    expect(rows[2]).toContain('TLS1_3 TLS_AES_256_GCM_SHA384')
    expect(rows[2]).toContain('2026-11-27 10:00:03 UTC')
    const checks = await output.getByRole('region', { name: 'Re-checked by this server' }).innerText()
    expect(checks).toContain('header signature verified with the live key')
    expect(checks).toContain(`mail.test does not authorise ${LAB.listed}`)
    // The run warns: one anomaly was found; the pasted headers stay out of the address.
    await page.getByText('1 anomaly found').first().waitFor()
    expect(new URL(page.url()).search).toBe('')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('fits a 390 px phone: the hops as a list, no sideways scrolling, no axe violation', async () => {
    const { context, page, output } = await analyzeListedRelay(PHONE)
    const hops = output.getByRole('list', { name: 'Hops, oldest first' })
    expect(await hops.getByRole('listitem').nth(1).innerText()).toContain('TLS1_3 TLS_AES_256_GCM_SHA384')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('asks for headers when the text area is empty', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/email-headers`)
    await page.getByRole('button', { name: 'Analyze', exact: true }).click()
    await page.getByText('Paste the headers of a message').first().waitFor()
    await context.close()
  })
})
