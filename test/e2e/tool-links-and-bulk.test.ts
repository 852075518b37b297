// End to end in Chromium against Knot on loopback: a tool page opened from a query-string link runs
// once (counted by the server's own run metric), back/forward move between runs without measuring
// again (an entry whose outcome is gone runs once), a reload does not measure again, a bulk
// reverse-DNS run of 20 inputs from a CSV file fills the live table and exports its rows as CSV and
// JSON, and a bulk DNS run with a record type chosen by keyboard shows and exports each answer.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zone = (file: string) => readFileSync(new URL(`../fixtures/served/zones/${file}`, import.meta.url), 'utf8')
const ready = browserAvailable && knotAvailable
if (!ready) console.warn('SKIPPED: the tool link and bulk end-to-end tests need chromium and knotd')

const METRICS_TOKEN = 'e2e-metrics-token-0123456789'

describe.skipIf(!ready)('tool links, back/forward and bulk runs in the browser', () => {
  let knot: KnotServer
  let server: RunningServer
  let browser: TestBrowser

  beforeAll(async () => {
    knot = await startKnot([
      { origin: 'example.test', text: zone('example.test.zone') },
      { origin: '100.51.198.in-addr.arpa', text: zone('100.51.198.in-addr.arpa.zone') },
    ])
    server = await startHttpServer({ DNS_SERVERS: knot.endpoint, METRICS_TOKEN })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await knot?.stop()
  })

  /** Runs of `tool` the server has finished, from its own metric. */
  async function runsOf(tool: string): Promise<number> {
    const text = (await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
      .body
    return text
      .split('\n')
      .filter((line) => line.startsWith(`nettoolbox_tool_runs_total{tool="${tool}",`))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000))
  const output = (page: Page) => page.getByRole('region', { name: 'Results' })

  it('runs a query-string link once, moves between runs with back/forward and does not rerun on reload', async () => {
    const before = await runsOf('dns')
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup?q=example.test&type=MX`)
    await output(page).getByText('10 mail.example.test.').first().waitFor()
    expect(await page.getByLabel('domain', { exact: true }).inputValue()).toBe('example.test')
    expect(await page.getByLabel('Record type').inputValue()).toBe('MX')
    await settle()
    expect(await runsOf('dns')).toBe(before + 1)

    // A second run from the form: a new entry with its own address.
    await page.getByLabel('Record type').selectOption('A')
    await page.getByRole('button', { name: 'Lookup', exact: true }).click()
    await page.waitForURL((url) => url.search === '?q=example.test&type=A')
    await output(page).getByText('198.51.100.10').first().waitFor()
    await settle()
    expect(await runsOf('dns')).toBe(before + 2)

    await page.goBack()
    await page.waitForURL((url) => url.search === '?q=example.test&type=MX')
    await output(page).getByText('10 mail.example.test.').first().waitFor()
    expect(await page.getByLabel('Record type').inputValue()).toBe('MX')
    await page.goForward()
    await page.waitForURL((url) => url.search === '?q=example.test&type=A')
    await output(page).getByText('198.51.100.10').first().waitFor()
    expect(await page.getByLabel('Record type').inputValue()).toBe('A')
    await settle()
    expect(await runsOf('dns')).toBe(before + 2)

    await page.reload()
    await page.getByText('The page was reloaded, so this run was not repeated.').waitFor()
    expect(await page.getByLabel('domain', { exact: true }).inputValue()).toBe('example.test')
    await settle()
    expect(await runsOf('dns')).toBe(before + 2)

    // Away to another document and back: this entry's outcome is no longer in memory, so it is
    // restored by running it once.
    await page.goto(`${server.url}/healthz`)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/dns-lookup' && url.search === '?q=example.test&type=A')
    await output(page).getByText('198.51.100.10').first().waitFor()
    await settle()
    expect(await runsOf('dns')).toBe(before + 3)
    await context.close()
  })

  it('still runs History’s older ?input=…&run=1 links once, rewritten to q', async () => {
    const before = await runsOf('dns')
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup?input=example.test&run=1`)
    await page.waitForURL((url) => url.search === '?q=example.test')
    await output(page).getByText('10 mail.example.test.').first().waitFor()
    await settle()
    expect(await runsOf('dns')).toBe(before + 1)
    await context.close()
  })

  it('runs 20 reverse-DNS inputs from a CSV file in bulk and exports the rows as CSV and JSON', async () => {
    const inputs = [...Array.from({ length: 19 }, (_, i) => `198.51.100.${i + 1}`), 'not-an-ip']
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(`${server.url}/rdns-lookup?mode=bulk`)
    await page.getByLabel('CSV file').setInputFiles({
      name: 'addresses.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ip,site\n${inputs.map((ip) => `${ip},lab`).join('\n')}\n`),
    })
    await expect.poll(() => page.getByLabel('Inputs, one per line').inputValue()).toContain('198.51.100.19')
    await page.getByRole('button', { name: 'Run all' }).click()
    await page.getByText('20 of 20 done').waitFor()
    const table = page.getByRole('table', { name: 'Bulk results' })
    expect(await table.getByRole('row').count()).toBe(21)
    const bad = table.getByRole('row').filter({ hasText: 'not-an-ip' })
    expect(await bad.innerText()).toContain('Invalid IP address format')
    const known = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '198.51.100.10', exact: true }) })
    expect(await known.innerText()).toContain('example.test')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^nettoolbox-bulk-rdns-\d{8}-\d{6}\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    const records = csv.trimEnd().split('\r\n')
    expect(records[0]).toBe('#,input,status,answer,options,full text')
    expect(records).toContain('20,not-an-ip,invalid,Invalid IP address format,,')
    const row10 = records.find((line) => line.startsWith('10,198.51.100.10,ok,PTR example.test ('))
    expect(row10).toContain('PTR\texample.test.')
    // One record per input (a result spanning lines is one quoted field).
    expect(csv.match(/^\d+,198\.51\.100\.\d+,|^\d+,not-an-ip,/gm)).toHaveLength(20)

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ])
    const exported = JSON.parse(await readFile(await json.path(), 'utf8'))
    expect(exported.tool).toBe('rdns')
    expect(exported.rows.map((row: { input: string }) => row.input)).toEqual(inputs)
    expect(exported.rows[19].error).toEqual({ type: 'invalid_input', message: 'Invalid IP address format' })
    await context.close()
  })
  it('runs pasted names in bulk with the record type chosen by keyboard and exports each answer as CSV', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(`${server.url}/dns-lookup?mode=bulk`)
    await page.getByLabel('Inputs, one per line').fill('example.test\n\n@SUM(1,2)\nmail.example.test\n')
    // The record type is a labelled native select: focus it and pick MX with the keyboard.
    const type = page.getByLabel('Record type')
    await type.focus()
    await type.press('M')
    await expect.poll(() => type.inputValue()).toBe('MX')
    await page.getByRole('button', { name: 'Run all' }).click()
    await page.getByText('3 of 3 done').waitFor()
    await page.getByText("Options: Record type MX · this server's resolver · DNSSEC off").waitFor()
    const table = page.getByRole('table', { name: 'Bulk results' })
    const row = (input: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: input, exact: true }) })
    expect(await row('example.test').innerText()).toContain('MX 10 mail.example.test · MX 20 backup-mail.example.test')
    expect(await row('@SUM(1,2)').innerText()).toContain('Invalid domain format')
    expect(await row('mail.example.test').innerText()).toContain('no records')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^nettoolbox-bulk-dns-\d{8}-\d{6}\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    const options = "Record type MX · this server's resolver · DNSSEC off"
    expect(csv.split('\r\n')[0]).toBe('#,input,status,answer,options,full text')
    expect(csv).toContain(`1,example.test,ok,MX 10 mail.example.test · MX 20 backup-mail.example.test,${options},"`)
    expect(csv).toContain(`\r\n2,"'@SUM(1,2)",invalid,Invalid domain format,${options},\r\n`)
    expect(csv).toContain(`\r\n3,mail.example.test,ok,no records,${options},"`)
    // The full text keeps the dig-style answer, the SOA of the empty answer's authority section included.
    expect(csv).toMatch(/;; AUTHORITY SECTION:\nexample\.test\.\t\d+\tIN\tSOA\t/)
    await context.close()
  })
})
