// Debian's Chromium driven by playwright-core (no browser download), fenced off from every network
// but the loopback servers a test starts by Chromium's own switches: names other than localhost do
// not resolve, every request to another address goes to a dead proxy on loopback (port 9, where
// nothing listens), and WebRTC sends no UDP outside that proxy. Nothing intercepts requests: a
// Playwright route pauses every request it could match and carries its body through the
// automation protocol, which cut the speed test's uploads to a tenth of what the page moves
// without one. test/lab/browser-fence.lab.test.ts shows the fence holding.
//
// Tests drive Chromium's headless shell (Debian package chromium-headless-shell): the same Blink
// and V8 as the desktop browser without the browser's own window layers, so each page load and
// screenshot costs the machine less CPU (the e2e project alone: 481 CPU-seconds instead of 833 on a
// two-core machine). Lighthouse runs in it too: its page-load model needs the page's own threads
// to get the CPU, which the desktop browser's extra processes take from them on two cores.
import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

/** The browser the tests drive: the headless shell, or the desktop Chromium where the shell is not installed. */
export const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => existsSync(p),
)
export const browserAvailable = CHROMIUM !== undefined

export interface TestBrowser {
  browser: Browser
  /** A context of the fenced browser (the fence is the browser's: nothing intercepts its requests). */
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>
  /** Closes the contexts this file opened, and the browser when it is the file's own. */
  close(): Promise<void>
}

export interface LaunchOptions {
  /** Extra hosts (lab addresses inside a namespace) the browser may reach besides loopback. */
  allowHosts?: string[]
  /** Another way to start Chromium (e.g. a wrapper that runs it inside a lab namespace). */
  executablePath?: string
  /** More command-line switches (e.g. a remote-debugging port for Lighthouse). */
  args?: string[]
  /** Keep the back/forward cache on, as a visitor's browser has it (Playwright turns it off). */
  backForwardCache?: boolean
}

/** Where every request to a host outside loopback and `allowHosts` is sent: nothing listens there. */
export const DEAD_PROXY = 'http://127.0.0.1:9'

function launchChromium(options: LaunchOptions, allowHosts: string[]): Promise<Browser> {
  const executable = options.executablePath ?? CHROMIUM
  if (!executable) throw new Error('Chromium is not installed (Debian package chromium-headless-shell or chromium)')
  return chromium.launch({
    executablePath: executable,
    headless: true,
    ignoreDefaultArgs: options.backForwardCache ? ['--disable-back-forward-cache'] : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--host-resolver-rules=${['MAP * ~NOTFOUND', ...['localhost', '127.0.0.1', ...allowHosts].map((h) => `EXCLUDE ${h}`)].join(', ')}`,
      `--proxy-server=${DEAD_PROXY}`,
      `--proxy-bypass-list=${['127.0.0.1', 'localhost', '[::1]', ...allowHosts].join(';')}`,
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--disable-features=MediaRouter,OptimizationHints,Translate',
      ...(options.args ?? []),
    ],
  })
}

/**
 * The plain fenced Chromium (no extra hosts, switches or launcher), started once per test process
 * and shared by the files it runs one after another: each file gets its own contexts, closed by its
 * close(). Playwright ends the browser when the process exits.
 */
let shared: Promise<Browser> | undefined

function sharedChromium(): Promise<Browser> {
  const current = shared
  if (current) return current.then((browser) => (browser.isConnected() ? browser : relaunch()))
  return relaunch()
}

function relaunch(): Promise<Browser> {
  const launching = launchChromium({}, [])
  shared = launching
  // A failed start is not kept: the next file tries again.
  launching.catch(() => {
    if (shared === launching) shared = undefined
  })
  return launching
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  const allowHosts = options.allowHosts ?? []
  const plain = allowHosts.length === 0 && !options.executablePath && !options.args?.length && !options.backForwardCache
  const browser = plain ? await sharedChromium() : await launchChromium(options, allowHosts)
  const contexts = new Set<BrowserContext>()
  return {
    browser,
    async newContext(contextOptions) {
      const context = await browser.newContext(contextOptions)
      contexts.add(context)
      context.once('close', () => contexts.delete(context))
      return context
    },
    async close() {
      if (!plain) return browser.close()
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)))
    },
  }
}
