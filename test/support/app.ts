// Builds the real application (production options) on a throwaway SQLite file for a test.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/server/config.ts'
import { startApp } from '../../src/server/context.ts'

export interface TestApp {
  app: FastifyInstance
  dataDir: string
  close(): Promise<void>
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env })
  const app = await startApp(config)
  return {
    app,
    dataDir,
    async close() {
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
