// End to end in Chromium: a DNS lookup run from several places. The real site (a server process with
// Redis, serving the built bundle) and two real probe processes on loopback, each asking its own
// resolver: Frankfurt and this server get 198.51.100.20, Paris 198.51.100.21 from a resolver that
// holds its answer until the test lets it go, so the rows are seen arriving one by one. Before the
// probes connect the Run from control says so; with them, it is worked from the keyboard, the rows
// stream in side by side with the one that differs marked, the probes are on a map (tiles answered
// inside the browser), and Share gives a permalink that shows the same rows in a fresh browser, on a
// phone, in the dark theme. axe checks contrast and labels in both themes.
import dgram from 'node:dgram'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import dnsPacket from 'dns-packet'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const ready = browserAvailable && redisAvailable
if (!ready) console.warn('SKIPPED: the measurements end-to-end test needs chromium and redis-server')

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const NAME = 'www.spread.test'
const TOKENS = { frankfurt: 'frankfurt-token-e2e-0123456789', paris: 'paris-token-e2e-0123456789' }

interface GatedDns {
  endpoint: string
  /** Answers the questions held so far and every later one at once. */
  release(): void
  stop(): Promise<void>
}

/**
 * A resolver on loopback that answers `name` A with `address`, but holds every answer until released
 * (or for 4 s at most, inside the DNS client's two 2.5 s attempts), so a row stays in progress.
 */
async function startGatedDns(name: string, address: string): Promise<GatedDns> {
  const socket = dgram.createSocket('udp4')
  const held: Array<() => void> = []
  let open = false
  let safety: NodeJS.Timeout | undefined
  const release = () => {
    open = true
    clearTimeout(safety)
    for (const answer of held.splice(0)) answer()
  }
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    if (!question) return
    const known = question.name.replace(/\.$/, '').toLowerCase() === name
    const answer = () =>
      socket.send(
        dnsPacket.encode({
          type: 'response',
          id: query.id,
          flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
          questions: query.questions,
          answers: known && question.type === 'A' ? [{ name: question.name, type: 'A', ttl: 60, data: address }] : [],
        }),
        peer.port,
        peer.address,
      )
    if (open) return answer()
    held.push(answer)
    safety ??= setTimeout(release, 4000)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `127.0.0.1:${port}`,
    release,
    stop: () =>
      new Promise((resolve) => {
        clearTimeout(safety)
        socket.close(() => resolve())
      }),
  }
}

/** A 1x1 grey PNG, standing in for a map tile. */
function tilePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) =>
    (bytes.reduce((c, b) => (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x88]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

interface Violation {
  id: string
  impact: string | null
  nodes: Array<{ target: unknown[] }>
}

/** Serious and critical axe findings on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE })
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } })
      .axe
    return (await axe.run(document, { iframes: false, resultTypes: ['violations'] })).violations
  })) as Violation[]
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The side-by-side table's rows as text, one string per row, as a person reads them. */
async function tableRows(table: Locator): Promise<string[]> {
  return (await table.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())
}

describe.skipIf(!ready)('measurements from several places in the browser', () => {
  let redis: RedisServer
  let agreeing: TableDns
  let differing: GatedDns
  let site: ServerProcess
  let browser: TestBrowser
  let dataDir: string
  let permalink = ''
  let sharedRows: string[] = []
  const probes: ProbeProcess[] = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    redis = await startRedis()
    agreeing = await startTableDns({ records: [{ name: NAME, type: 'A', data: '198.51.100.20' }] })
    differing = await startGatedDns(NAME, '198.51.100.21')
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-measurements-e2e-'))
    site = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      DNS_SERVERS: agreeing.endpoint,
      WEB_DIST: path.resolve('dist/web'),
      PROBE_TOKENS: Object.entries(TOKENS)
        .map(([name, token]) => `${name}:${token}`)
        .join(','),
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
    await site?.kill('SIGTERM')
    await differing?.stop()
    await agreeing?.stop()
    await redis?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** A fresh browser context in a theme and a viewport, with map tiles answered inside the browser. */
  async function openPage(theme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, bypassCSP: true })
    context.setDefaultTimeout(15_000)
    contexts.push(context)
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await context.route(/\.png(\?|$)/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() }),
    )
    return context.newPage()
  }

  it('says plainly that no probe but this server is connected, and offers only this server', async () => {
    const page = await openPage('light', { width: 1280, height: 900 })
    await page.goto(`${site.url}/dns-lookup`)
    const runFrom = page.getByRole('group', { name: 'Run from' })
    await runFrom
      .getByText('No probes other than this server are connected, so this tool runs from this server only.')
      .waitFor()
    expect(await runFrom.getByRole('radio', { name: 'This server' }).isChecked()).toBe(true)
    expect(await runFrom.getByRole('radio', { name: 'Pick…' }).isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
  })

  it('picks places from the keyboard, streams one row per probe, marks the differing answer and maps the probes', async () => {
    for (const [name, country, city, asn, network, latitude, longitude, dns] of [
      ['frankfurt', 'DE', 'Frankfurt', 'AS64500', 'Example Transit', '50.11', '8.68', agreeing.endpoint],
      ['paris', 'FR', 'Paris', 'AS64501', 'Example Access', '48.86', '2.35', differing.endpoint],
    ] as const) {
      probes.push(
        await startProbeProcess({
          PROBE_SITE_URL: site.url,
          PROBE_TOKEN: TOKENS[name],
          PROBE_NAME: `${name}-1`,
          PROBE_DNS_SERVERS: dns,
          // The live ping below measures loopback from this probe.
          PROBE_TARGET_ALLOW: '127.0.0.0/8',
          PROBE_COUNTRY: country,
          PROBE_CITY: city,
          PROBE_ASN: asn,
          PROBE_NETWORK: network,
          PROBE_LATITUDE: latitude,
          PROBE_LONGITUDE: longitude,
        }),
      )
    }
    const page = await openPage('light', { width: 1280, height: 900 })
    await page.goto(`${site.url}/dns-lookup`)
    const runFrom = page.getByRole('group', { name: 'Run from' })
    const here = runFrom.getByRole('radio', { name: 'This server' })
    await runFrom.getByRole('radio', { name: 'Pick…' }).and(page.locator(':enabled')).waitFor()

    // Arrow keys move through the choices as in any radio group; Space ticks a listed probe.
    await here.focus()
    await page.keyboard.press('ArrowRight')
    expect(await runFrom.getByRole('radio', { name: '3 locations' }).isChecked()).toBe(true)
    await page.keyboard.press('ArrowRight')
    expect(await runFrom.getByRole('radio', { name: 'Pick…' }).isChecked()).toBe(true)
    const places = runFrom.getByLabel('Locations', { exact: true })
    await places.focus()
    await page.keyboard.type('DE')
    const connected = runFrom.getByRole('group', { name: 'Connected probes' })
    await connected.getByRole('checkbox', { name: /^Paris, France · AS64501 Example Access · paris-1$/ }).focus()
    await page.keyboard.press('Space')
    await connected.getByRole('checkbox', { name: /^This server/ }).focus()
    await page.keyboard.press('Space')
    expect(await places.inputValue()).toBe('DE, paris-1, local')
    expect(
      await connected.getByRole('checkbox', { name: /^Frankfurt, Germany · AS64500 Example Transit/ }).isChecked(),
    ).toBe(false)

    await page.getByLabel('Record type', { exact: true }).selectOption('A')
    await page.getByLabel('domain', { exact: true }).fill(NAME)
    await page.getByLabel('domain', { exact: true }).press('Enter')

    const table = page.getByRole('table', { name: 'A answers by location', exact: true })
    const row = (place: string) => table.locator('tbody tr', { hasText: place })
    // Frankfurt and this server have answered; Paris's resolver still holds its answer.
    await row('Frankfurt, Germany').getByText('Done', { exact: true }).waitFor()
    await row('This server').getByText('Done', { exact: true }).waitFor()
    expect(await row('Paris, France').innerText()).toContain('In progress')
    expect(await page.getByTestId('measurement-progress').innerText()).toBe('2 of 3 locations settled…')
    differing.release()

    await row('Paris, France').getByText('Done', { exact: true }).waitFor()
    await page.locator('[data-sonner-toast]', { hasText: 'DNS completed successfully from 3 locations' }).waitFor()
    expect(await page.getByTestId('measurement-progress').innerText()).toBe('All 3 locations answered')
    expect(await page.getByTestId('measurement-verdict').innerText()).toBe(
      '1 of 3 locations disagree with the majority (198.51.100.20, 2 locations): 198.51.100.21 from Paris, France',
    )
    const rows = await tableRows(table)
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.startsWith('Frankfurt'))).toMatch(
      /^Frankfurt, Germany AS64500 Example Transit · frankfurt-1 Done Majority 198\.51\.100\.20 System resolver \(127\.0\.0\.1:\d+\) 60 NOERROR \d+ ms$/,
    )
    expect(rows.find((r) => r.startsWith('Paris'))).toMatch(
      /^Paris, France AS64501 Example Access · paris-1 Done Differs 198\.51\.100\.21 System resolver \(127\.0\.0\.1:\d+\) 60 NOERROR \d+ ms$/,
    )
    expect(rows.find((r) => r.startsWith('This server'))).toMatch(
      /^This server Done Majority 198\.51\.100\.20 System resolver \(127\.0\.0\.1:\d+\) 60/,
    )
    expect(await row('Paris, France').getAttribute('class')).toContain('bg-amber-950')

    const map = page.getByTestId('probe-map')
    await map.locator('.leaflet-tile-loaded').first().waitFor()
    expect(await map.locator('path.leaflet-interactive').count()).toBe(2)
    expect(await map.locator('figcaption').innerText()).toBe(
      'Map of 2 probe locations: Frankfurt, Germany: Done; Paris, France: Done',
    )

    expect(new URL(page.url()).searchParams.get('from')).toBe('DE, paris-1, local')
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const shared = page.getByRole('link', { name: 'Open shared result (opens in a new tab)' })
    permalink = (await shared.getAttribute('href')) ?? ''
    expect(permalink).toMatch(new RegExp(`^${site.url}/r/[A-Za-z0-9_-]{22}$`))
    sharedRows = rows
  }, 90_000)

  it("shows a probe's ping lines as they arrive, then its answer", async () => {
    const page = await openPage('dark', { width: 1280, height: 900 })
    await page.goto(`${site.url}/ping?from=frankfurt-1`)
    await page.getByLabel('Count', { exact: true }).selectOption('4')
    const host = page.getByLabel('Domain or IP Address', { exact: true })
    await host.fill('127.0.0.1')
    await host.press('Enter')
    // While the row runs, its replies so far are shown under the table, one line each.
    const live = page.getByTestId('measurement-live-row')
    await live.getByText(/64 bytes from 127\.0\.0\.1: icmp_seq=2 /).waitFor()
    expect(await live.innerText()).toMatch(
      /In progress\s+PING 127\.0\.0\.1 \(127\.0\.0\.1\)\s+64 bytes from 127\.0\.0\.1: icmp_seq=1 /,
    )
    // Then the answer replaces them.
    await page.locator('[data-sonner-toast]', { hasText: 'Ping completed successfully' }).waitFor()
    expect(await live.count()).toBe(0)
    const table = page.getByRole('table', { name: 'Round trips by location', exact: true })
    expect(await table.locator('tbody tr').innerText()).toMatch(/frankfurt-1\s+Done\s+127\.0\.0\.1\s+4\/4\s+0%/)
  }, 60_000)

  it('shows the same rows on the permalink, in a fresh browser, on a phone in the dark theme', async () => {
    expect(permalink).not.toBe('')
    const page = await openPage('dark', { width: 390, height: 844 })
    const response = await page.goto(permalink)
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { name: 'DNS', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'A answers by location', exact: true })
    await table.waitFor()
    expect(await tableRows(table)).toEqual(sharedRows)
    expect(await page.getByTestId('measurement-verdict').innerText()).toContain('198.51.100.21 from Paris, France')
    await page.getByText('3 locations: Frankfurt, Germany; Paris, France; This server', { exact: true }).waitFor()
    const again = new URL((await page.getByRole('link', { name: 'Run again' }).getAttribute('href')) ?? '', site.url)
    expect(again.pathname).toBe('/dns-lookup')
    expect(again.searchParams.get('q')).toBe(NAME)
    expect(again.searchParams.get('from')).toBe('DE, paris-1, local')
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    // Run again measures from the same places once, and the address keeps them.
    await page.getByRole('link', { name: 'Run again' }).click()
    // The permalink's own view says "All 3 locations answered" too, and stays on screen while the
    // tool's page loads: the new run's line is only looked for once the tool's page (its domain
    // field, filled from the link) has replaced it.
    await page.waitForURL((url) => url.pathname === '/dns-lookup')
    await expect.poll(() => page.getByLabel('domain', { exact: true }).inputValue(), { timeout: 30_000 }).toBe(NAME)
    await page.getByTestId('measurement-progress').filter({ hasText: 'All 3 locations answered' }).waitFor()
    expect(new URL(page.url()).searchParams.get('from')).toBe('DE, paris-1, local')
    // The line and the rows are drawn from the same state, in the same render.
    const rerunTable = page.getByRole('table', { name: 'A answers by location', exact: true })
    const withoutTime = (rows: string[]) => rows.map((r) => r.replace(/ \d+ ms$/, ''))
    await expect.poll(async () => withoutTime(await tableRows(rerunTable))).toEqual(withoutTime(sharedRows))
  }, 60_000)

  it('fits the Run from control on a phone in the dark theme, labelled and with enough contrast', async () => {
    const page = await openPage('dark', { width: 390, height: 844 })
    await page.goto(`${site.url}/dns-lookup?from=${encodeURIComponent('DE, paris-1')}`)
    const runFrom = page.getByRole('group', { name: 'Run from' })
    await runFrom.getByRole('checkbox', { name: /^Frankfurt, Germany/ }).waitFor()
    expect(await runFrom.getByRole('radio', { name: 'Pick…' }).isChecked()).toBe(true)
    expect(await runFrom.getByLabel('Locations', { exact: true }).inputValue()).toBe('DE, paris-1')
    expect(await runFrom.getByRole('checkbox', { name: /paris-1$/ }).isChecked()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await axeViolations(page)).toEqual([])
  })
})
