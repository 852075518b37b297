import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../diagnostics/registry.ts'
import { loadConfig } from '../config.ts'

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('gives every tool its whole deadline by default, so a run started just before SIGTERM can finish', () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent-data-dir' })
    const deadlines = Object.values(createRegistry(config)).map((diagnostic) => diagnostic.deadlineMs)
    expect(deadlines.length).toBeGreaterThan(10)
    expect(config.shutdownGraceMs).toBeGreaterThanOrEqual(Math.max(...deadlines))
  })

  it('refuses a grace that is not a whole number of seconds from 1 to 3600', () => {
    expect(() => loadConfig({ DATA_DIR: '/x', SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/)
    expect(() => loadConfig({ DATA_DIR: '/x', SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/SHUTDOWN_GRACE_SECONDS/)
    expect(loadConfig({ DATA_DIR: '/x', SHUTDOWN_GRACE_SECONDS: '90' }).shutdownGraceMs).toBe(90_000)
  })
})
