// The real application listening on a loopback port, for tests that use real HTTP (browsers). Its
// PUBLIC_URL is the address the browser uses, the one origin the API trusts.
import type { TestApp } from './app.ts'
import { createTestApp } from './app.ts'
import { freePort } from './ports.ts'

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
