// The real application listening on a loopback port, for tests that use real HTTP (browsers). Its
// PUBLIC_URL is the address the browser uses, the one origin the API trusts.
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser, type TestBrowser } from '../browser/browser.ts'
import { freePort } from '../net/ports.ts'
import type { TestApp } from './app.ts'
import { createTestApp } from './app.ts'

export interface RunningServer extends TestApp {
  url: string
}

export async function startHttpServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const t = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: url, ...env })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { ...t, url }
}

/**
 * Starts the app on a loopback port and a fenced browser before the suite's tests and closes both
 * after them; `started` receives the two.
 */
export function useServerWithBrowser(
  started: (running: { server: RunningServer; browser: TestBrowser }) => void,
  env: Record<string, string> = {},
): void {
  let server: RunningServer | undefined
  let browser: TestBrowser | undefined
  beforeAll(async () => {
    server = await startHttpServer(env)
    browser = await launchBrowser()
    started({ server, browser })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
}
