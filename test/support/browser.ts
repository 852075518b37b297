// Debian's Chromium driven by playwright-core (no browser download), isolated from any network
// but the loopback servers a test starts.
import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
export const browserAvailable = CHROMIUM !== undefined

export interface TestBrowser {
  browser: Browser
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>
  close(): Promise<void>
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!CHROMIUM) throw new Error('Chromium is not installed (Debian package chromium)')
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
  return {
    browser,
    newContext: (options) => browser.newContext(options),
    async close() {
      await browser.close()
    },
  }
}
