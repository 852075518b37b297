// End to end: a DNSSEC lookup in the DNS panel shows our own verdict and the chain of trust,
// against a Knot-signed hierarchy on loopback whose root key is the configured trust anchor.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type SignedHierarchy, startSignedHierarchy } from '../support/dns/signed-hierarchy.ts'

const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the DNSSEC end-to-end test needs chromium and knotd')

describe.skipIf(!ready)('DNSSEC validation in the DNS panel', () => {
  let lab: SignedHierarchy
  let server: RunningServer
  let browser: TestBrowser
  let dir: string

  beforeAll(async () => {
    lab = await startSignedHierarchy()
    dir = await mkdtemp(path.join(tmpdir(), 'anchors-'))
    const anchors = path.join(dir, 'root.ds')
    await writeFile(anchors, lab.trustAnchorText)
    server = await startHttpServer({ DNS_SERVERS: lab.endpoint, DNSSEC_TRUST_ANCHORS: anchors })
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await lab?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('shows Secure and the chain from the root for a signed name', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup?type=A&dnssec=1`)
    await page.getByLabel('domain', { exact: true }).fill('www.ok.sec')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    const section = output.getByRole('region', { name: 'DNSSEC A' })
    await section.getByText('Secure', { exact: true }).first().waitFor()
    await expect(
      section.getByText(/^Secure: the www\.ok\.sec\. A set is signed by ok\.sec\. key \d+/).count(),
    ).resolves.toBe(1)
    const table = section.getByRole('table', { name: 'DNSSEC chain for www.ok.sec. A' })
    const zones = await table.getByRole('rowheader').allInnerTexts()
    expect(zones).toEqual(['.', 'sec.', 'ok.sec.'])
    const rootRow = await table.getByRole('row').nth(1).innerText()
    expect(rootRow).toMatch(/Trust anchor\s+\d+ RSASHA256 SHA-256/)
    expect(rootRow).toContain('RSASHA256')
    expect(rootRow).toMatch(/\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/)
    await context.close()
  })

  it('shows Bogus with the reason and whose failure it is for a DS mismatch', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup?type=A&dnssec=1`)
    await page.getByLabel('domain', { exact: true }).fill('www.mismatch.sec')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const section = page.getByRole('region', { name: 'Results' }).getByRole('region', { name: 'DNSSEC A' })
    await section.getByText('Bogus', { exact: true }).waitFor()
    await section.getByText(/^Bogus: DS does not match: the digest of DS record \d+ ECDSAP256SHA256 SHA-256/).waitFor()
    await section.getByText("Whose failure: the zone's or the chosen server's").waitFor()
    await context.close()
  })
})
