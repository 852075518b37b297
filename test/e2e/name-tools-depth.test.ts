// End to end: the name tools' deeper views in the built site, every peer on loopback — new record
// types read as kdig prints them from a Knot zone, the propagation table over disagreeing servers,
// an AS number looked up in the ASN check, and the whois panel's registration fields.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { NEW_ADDRESS, OLD_ADDRESS, type PropagationLab, startPropagationLab } from '../support/dns/propagation-lab.ts'
import { freePort } from '../support/net/ports.ts'
import { type RdapServer, startRdapServer } from '../support/whois/rdap-server.ts'
import { startWhoisServers, type WhoisServers } from '../support/whois/whois-server.ts'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const KDIG = ['/usr/bin/kdig', '/usr/sbin/kdig'].find((p) => existsSync(p))
const zoneText = readFileSync(new URL('../fixtures/served/zones/rrtypes.test.zone', import.meta.url), 'utf8')
const ready = browserAvailable && knotAvailable && KDIG !== undefined
if (!ready) console.warn('SKIPPED: the name tools end-to-end test needs chromium, knotd and kdig')

describe.skipIf(!ready)('Name tools in the browser', () => {
  let knot: KnotServer
  let lab: PropagationLab
  let rdap: RdapServer
  let whois: WhoisServers
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'rrtypes.test', text: zoneText }])
    lab = await startPropagationLab()
    rdap = await startRdapServer()
    // broken.test has no RDAP answer: the port-43 chain (IANA → registry → registrar) gives its data.
    rdap.statusFor.set('/rdap/domain/broken.test', 500)
    whois = await startWhoisServers(
      {
        iana: { answers: { 'broken.test': 'iana-test.txt' } },
        registry: { answers: { 'broken.test': 'registry-broken.txt' } },
        registrar: { answers: { 'broken.test': 'registrar-broken-latin1.txt' } },
      },
      await freePort(),
    )
    server = await startHttpServer({
      DNS_SERVERS: knot.endpoint,
      DNS_ROOT_HINTS: lab.rootHint,
      DNS_PUBLIC_RESOLVERS: lab.publicResolvers,
      TARGET_ALLOW: '127.0.0.0/8',
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      WHOIS_SERVER: whois.endpoints.iana ?? '',
    })
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await whois?.stop()
    await rdap?.stop()
    await lab?.stop()
    await knot?.stop()
  })

  async function open(
    path: string,
    theme?: 'light' | 'dark',
  ): Promise<{ page: Page; output: Locator; close: () => Promise<void> }> {
    // axe is injected into the page for the contrast check (the CSP is bypassed for that only).
    const context = await browser.newContext(theme ? { bypassCSP: true } : {})
    if (theme) await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    await page.goto(`${server.url}${path}`)
    return { page, output: page.getByRole('region', { name: 'Results' }), close: () => context.close() }
  }

  /** kdig's record data for a question to the same Knot server. */
  async function kdigShort(name: string, type: string): Promise<string[]> {
    const args = [`@${knot.address}`, '-p', String(knot.port), '+short', name, type]
    const { stdout } = await promisify(execFile)(KDIG ?? 'kdig', args, { timeout: 5000 })
    return stdout.split('\n').filter(Boolean)
  }

  /** The value beside a label of the detail list. */
  const detail = (output: Locator, label: string) =>
    output.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

  it('shows HTTPS records chosen in the type picker as kdig prints them', async () => {
    const { page, output, close } = await open('/dns-lookup')
    await page.getByLabel('domain', { exact: true }).fill('https.rrtypes.test')
    await page.getByLabel('Record type', { exact: true }).selectOption('HTTPS')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const expected = await kdigShort('https.rrtypes.test', 'HTTPS')
    expect(expected).toHaveLength(3)
    for (const value of expected) await output.getByRole('cell', { name: value, exact: true }).waitFor()
    await close()
  })

  it('shows TLSA and an unknown type (TYPE65534) as kdig prints them, typed by number', async () => {
    for (const [name, type] of [
      ['tlsa.rrtypes.test', 'TLSA'],
      ['unknown.rrtypes.test', 'TYPE65534'],
    ] as const) {
      const { page, output, close } = await open('/dns-lookup')
      await page.getByLabel('domain', { exact: true }).fill(name)
      await page.getByLabel('Record type', { exact: true }).selectOption('other')
      await page.getByLabel('Other record type', { exact: true }).fill(type)
      await page.getByRole('button', { name: 'Lookup', exact: true }).click()
      const [value] = await kdigShort(name, type)
      expect(value).toBeDefined()
      await output.getByRole('cell', { name: value, exact: true }).waitFor()
      await output.getByRole('cell', { name: type, exact: true }).first().waitFor()
      await close()
    }
  })

  it('compares public resolvers and authoritative servers, marking those that differ in words', async () => {
    const { page, output, close } = await open('/dns-lookup')
    await page.getByLabel('domain', { exact: true }).fill('www.moved')
    await page.getByLabel('Record type', { exact: true }).selectOption('A')
    await page.getByLabel('Compare public resolvers and authoritative servers (propagation)').check()
    expect(await page.getByLabel('Public resolver', { exact: true }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    const verdict = output.getByTestId('propagation-verdict')
    await verdict.waitFor()
    const oldResolver = `Resolver ${lab.resolvers[1]?.endpoint}`
    expect(await verdict.innerText()).toBe(
      `2 of 6 servers disagree with the majority (${NEW_ADDRESS}, 4 servers): ${OLD_ADDRESS} from ns2.moved, ${oldResolver}; ` +
        '2 of 8 servers could not be asked or did not answer',
    )
    const table = output.getByRole('table', { name: 'Answers for A by server' })
    const rows = table.locator('tbody tr')
    expect(await rows.count()).toBe(8)
    const ns2 = rows.filter({ has: page.getByRole('rowheader', { name: /^ns2\.moved/ }) })
    expect((await ns2.innerText()).split(/\s+/).join(' ')).toContain(`Differs ${OLD_ADDRESS} 300 NOERROR`)
    expect(await rows.filter({ hasText: 'Differs' }).count()).toBe(2)
    expect(await rows.filter({ hasText: 'Majority' }).count()).toBe(4)
    expect(await rows.filter({ hasText: 'No answer' }).count()).toBe(2)
    const ns3 = rows.filter({ has: page.getByRole('rowheader', { name: /^ns3\.moved/ }) })
    expect(await ns3.innerText()).toContain('no answer within 3000 ms')
    const serials = output
      .getByRole('table', { name: 'SOA serial of moved. by authoritative server' })
      .locator('tbody tr')
    expect(await serials.count()).toBe(4)
    const ns2Serial = serials.filter({ has: page.getByRole('rowheader', { name: /^ns2\.moved/ }) })
    expect((await ns2Serial.innerText()).split(/\s+/).join(' ')).toContain('Behind by 1 2026112501')
    expect(await output.getByTestId('soa-verdict').innerText()).toBe(
      '1 of 3 authoritative servers is behind the highest serial 2026112502: ns2.moved (2026112501, 1 behind); ' +
        'no serial from ns3.moved (not asked for the SOA: no answer within 3000 ms)',
    )
    expect(page.url()).toContain('propagation=')
    await close()
  })

  it.each(['light', 'dark'] as const)('draws the propagation table with AA contrast in the %s theme', async (theme) => {
    const { page, output, close } = await open('/dns-lookup?q=www.moved&type=A&propagation=1', theme)
    await output.getByTestId('propagation-verdict').waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
    await page.addScriptTag({ path: AXE })
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    const problems = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe
      const region = document.querySelector('[data-testid="propagation-verdict"]')?.closest('section')
      const found = (await axe.run(region, { runOnly: ['color-contrast'] })).violations as {
        nodes: { target: string[] }[]
      }[]
      return found.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))
    })
    expect(problems).toEqual([])
    await close()
  })

  it('looks up an AS number in the ASN check: holder, registry, abuse contact and prefixes', async () => {
    const { page, output, close } = await open('/asn-lookup')
    await page.getByLabel('IP', { exact: true }).fill('AS13335')
    await page.getByRole('button', { name: 'Check ASN', exact: true }).click()
    const heading = output.locator('p', { has: page.getByText('AS13335', { exact: true }) })
    await heading.waitFor()
    expect(await heading.innerText()).toBe('AS13335 Cloudflare, Inc.')
    expect(await detail(output, 'Registry').innerText()).toBe('ARIN')
    expect(await detail(output, 'Handle').innerText()).toBe('AS13335')
    expect(await detail(output, 'Abuse email').innerText()).toBe('abuse@cloudflare.example')
    expect(await output.getByRole('heading', { name: /^IPv4: \d+ prefix(es)?$/ }).count()).toBe(1)
    expect(await output.getByRole('heading', { name: /^IPv6: \d+ prefix(es)?$/ }).count()).toBe(1)
    await close()
  })

  it("shows the whois panel's registration fields from the port-43 chain", async () => {
    const { page, output, close } = await open('/whois')
    await page.getByLabel('Domain Name', { exact: true }).fill('broken.test')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await detail(output, 'Registrar').waitFor()
    expect(await detail(output, 'Registrar').innerText()).toBe('Réseau Exemple SARL (IANA 9999)')
    expect(await detail(output, 'Created').innerText()).toBe('2010-05-17T12:00:00Z')
    expect(await detail(output, 'Updated').innerText()).toBe('2025-03-01T10:00:00Z')
    expect(await detail(output, 'Expires').innerText()).toBe('2027-05-17T12:00:00Z')
    expect(await detail(output, 'Status').innerText()).toBe('clientTransferProhibited')
    expect(await detail(output, 'Name servers').innerText()).toBe('ns1.broken.test, ns2.broken.test')
    expect(await detail(output, 'DNSSEC').innerText()).toBe('unsigned')
    expect(await detail(output, 'Abuse email').innerText()).toBe('abus@reseau-exemple.test')
    expect(await detail(output, 'Abuse phone').innerText()).toBe('+33.123456789')
    await close()
  })
})
