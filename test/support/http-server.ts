// The real application listening on a loopback port, for tests that use real HTTP (browsers).
import type { TestApp } from './app.ts'
import { createTestApp } from './app.ts'

export interface RunningServer extends TestApp {
  url: string
}

export async function startHttpServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const t = await createTestApp({ WEB_DIST: 'dist/web', ...env })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...t, url: address }
}
