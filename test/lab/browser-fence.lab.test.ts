// The browser fence (test/support/browser/browser.ts) holds without intercepting any request.
// Chromium runs inside a namespace that has nothing but loopback, so even a broken fence could send
// nothing off the machine; there, the fence's dead proxy (127.0.0.1:9) is a listener that records
// what reaches it. A request to any host but loopback must end at that dead end and fail, while the
// page on loopback loads as usual.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserAvailable, DEAD_PROXY, type TestBrowser } from '../support/browser/browser.ts'
import type { LabPlan } from './address-plan.ts'
import { type Lab, type LabProcess, labCanRun, REPO_ROOT, startLab } from './lab.ts'
import { launchInNamespace } from './speed-page.ts'

/** One namespace, no links: loopback is its only network. */
const LOOPBACK_ONLY: LabPlan<'fenced', never> = {
  namespaces: ['fenced'],
  routers: [],
  links: [],
  routes: { fenced: [] },
  blackholes: {},
  warmUp: [],
}
const PAGE_PORT = 8080
const PAGE = `http://127.0.0.1:${PAGE_PORT}/`

let lab: Lab<'fenced', never> | null = null
let deadEnd: LabProcess | undefined
let browser: TestBrowser | undefined
let context: BrowserContext | undefined
let dir: string | undefined

beforeAll(async () => {
  if (!labCanRun('browser fence test', { chromium: browserAvailable })) return
  lab = await startLab({ plan: LOOPBACK_ONLY })
  if (!lab) return
  dir = await mkdtemp(path.join(tmpdir(), 'ntb-fence-'))
  deadEnd = lab.spawnNode('fenced', path.join(REPO_ROOT, 'test/lab/scripts/fence-dead-end.ts'), [String(PAGE_PORT)])
  await deadEnd.waitForOutput(/^READY/m)
  browser = await launchInNamespace(lab.names.fenced, dir, [])
  context = await browser.newContext()
  context.setDefaultTimeout(15_000)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await lab?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The request lines the dead end has seen so far. */
const deadEndLines = () => [...(deadEnd?.output() ?? '').matchAll(/^DEAD END (.+)$/gm)].map((m) => m[1])

/** A new page showing the page on loopback. */
async function openPage(browserContext: BrowserContext): Promise<Page> {
  const page = await browserContext.newPage()
  await page.goto(PAGE)
  return page
}

/** fetch() from `page`: "ok <status>" or the error's text. */
const fetchFrom = (page: Page, url: string, init: { method?: string; body?: string } = {}) =>
  page.evaluate(
    ([u, i]) =>
      fetch(u, i).then(
        (r) => `ok ${r.status}`,
        (e: Error) => `failed: ${e.message}`,
      ),
    [url, init] as const,
  )

describe('the browser fence', () => {
  it('sends the dead proxy on loopback a request for an address outside loopback, and the request fails', async (ctx) => {
    if (!context) return ctx.skip()
    const page = await openPage(context)
    expect(DEAD_PROXY).toBe('http://127.0.0.1:9')
    await expect(page.goto('http://203.0.113.7/fence-check')).rejects.toThrow(/net::ERR_/)
    expect(deadEndLines()).toContain('GET http://203.0.113.7/fence-check HTTP/1.1')
  })

  it('sends requests from page scripts there too: a name, an upload with a body, and TLS to an address', async (ctx) => {
    if (!context) return ctx.skip()
    const page = await openPage(context)
    expect(await fetchFrom(page, 'http://fence-check.example/name')).toMatch(/^failed/)
    expect(await fetchFrom(page, 'http://198.51.100.99:8080/up', { method: 'POST', body: 'x'.repeat(1000) })).toMatch(
      /^failed/,
    )
    expect(await fetchFrom(page, 'https://203.0.113.8/secure')).toMatch(/^failed/)
    expect(deadEndLines()).toEqual(
      expect.arrayContaining([
        'GET http://fence-check.example/name HTTP/1.1',
        'POST http://198.51.100.99:8080/up HTTP/1.1',
        'CONNECT 203.0.113.8:443 HTTP/1.1',
      ]),
    )
  })

  it('lets requests to loopback through untouched', async (ctx) => {
    if (!context) return ctx.skip()
    const before = deadEndLines().length
    const page = await openPage(context)
    expect(await page.title()).toBe('Fenced page')
    expect(await fetchFrom(page, `${PAGE}again`, { method: 'POST', body: 'x'.repeat(100_000) })).toBe('ok 200')
    expect(deadEndLines()).toHaveLength(before)
  })
})
