// Builds the real application (production options) on a throwaway SQLite file for a test.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../../src/server/config.ts'
import { startApp } from '../../../src/server/context.ts'

export interface TestApp {
  app: FastifyInstance
  dataDir: string
  close(): Promise<void>
}

/**
 * Tests run tools many times, in parallel, from 127.0.0.1: production's per-client limits would
 * refuse them. Tests of the limits themselves set their own values.
 */
export const GENEROUS_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_TOOLS_PER_MINUTE: '100000',
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_EVENTS_PER_MINUTE: '100000',
  SPEED_BYTES_PER_MINUTE: '100000000000',
  MAX_CONCURRENT_RUNS: '1000',
  MAX_CONCURRENT_PER_TOOL: '1000',
  MAX_CONCURRENT_PER_CLIENT: '1000',
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...GENEROUS_LIMITS, ...env })
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
