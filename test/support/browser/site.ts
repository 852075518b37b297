// Shared by the site-wide browser tests: the real app serving the built bundle, a fenced browser,
// the stored analytics events, and stand-ins for the external sites the catalogue embeds.
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../../src/server/db/database.ts'
import { createEventsRepository, type StoredEvent } from '../../../src/server/modules/events/repository.ts'
import { catalogue } from '../../../src/shared/catalogue.ts'
import { type RunningServer, startHttpServer } from '../app/http-server.ts'
import { type StubDns, startStubDns } from '../dns/stub-dns.ts'
import { launchBrowser, type TestBrowser } from './browser.ts'

export interface Site {
  server: RunningServer
  browser: TestBrowser
  url(path: string): string
  /** A new context whose embedded external sites answer with a stub page naming their host. */
  newContext(options?: Parameters<TestBrowser['newContext']>[0]): Promise<BrowserContext>
  events(): Promise<StoredEvent[]>
  close(): Promise<void>
}

/** The operator's Report Issue address the site's header links to. */
export const REPORT_ISSUE_URL = 'https://support.example.test/nettoolbox'

const embeddedUrls = catalogue.flatMap((entry) =>
  (entry.kind === 'embed' || entry.kind === 'speed') && entry.url ? [entry.url] : [],
)

/** Starts the site before the suite's tests and closes it after them; `started` receives it. */
export function useSite(started: (site: Site) => void | Promise<void>): void {
  let site: Site | undefined
  beforeAll(async () => {
    site = await startSite()
    await started(site)
  })
  afterAll(async () => {
    await site?.close()
  })
}

export async function startSite(): Promise<Site> {
  const dns: StubDns = await startStubDns()
  const server = await startHttpServer({ DNS_SERVERS: dns.endpoint, REPORT_ISSUE_URL })
  const database: DatabaseHandle = await createDatabase({
    dialect: 'sqlite',
    file: path.join(server.dataDir, 'nettoolbox.db'),
  })
  const browser = await launchBrowser()
  return {
    server,
    browser,
    url: (p) => `${server.url}${p}`,
    async newContext(options) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
      context.setDefaultTimeout(10_000)
      for (const url of new Set(embeddedUrls)) {
        const host = new URL(url).host
        await context.route(`${new URL(url).origin}/**`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><html lang="en"><title>${host}</title><p>Stub of ${host}</p></html>`,
          }),
        )
      }
      return context
    },
    events: () => createEventsRepository(database.db).list(500),
    async close() {
      await browser.close()
      await database.close()
      await server.close()
      await dns.stop()
    },
  }
}

/** Resolves once the page has sent an analytics event named `name` (and the server answered). */
export function eventSent(
  page: Page,
  name: string,
  match: (properties: Record<string, unknown>) => boolean = () => true,
) {
  return page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/events')) return false
    const body = response.request().postDataJSON() as { name: string; properties: Record<string, unknown> }
    return body.name === name && match(body.properties)
  })
}

export function metaContent(page: Page, name: string): Promise<string | null> {
  return page.locator(`meta[name="${name}"]`).getAttribute('content')
}

/** Moves the single-page app to `path` the way its own links do (no reload), then waits for the route's heading. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
}
