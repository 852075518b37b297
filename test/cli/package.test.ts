// The published package: `npm pack` ships one bundled file, and that file works on its own, away
// from this repository and its node_modules.
import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app/app.ts'
import { listen } from './cli-world.ts'
import { REPO_ROOT, runCli } from './run-cli.ts'

const run = promisify(execFile)

describe('the nettoolbox-cli package', { timeout: 120_000 }, () => {
  let dir: string
  let bundle: string
  let server: { app: TestApp; url: string }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-cli-package-'))
    const built = path.join(dir, 'built.js')
    await run(process.execPath, [path.join(REPO_ROOT, 'cli/scripts/bundle.ts'), built])
    // A folder of its own, with no node_modules above it.
    bundle = path.join(dir, 'nettoolbox.js')
    await copyFile(built, bundle)
    server = await listen({})
  })
  afterAll(async () => {
    await server?.app.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('npm pack bundles first (prepack) and ships only the bundle and the manifest', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], {
      cwd: path.join(REPO_ROOT, 'cli'),
    })
    const [packed] = JSON.parse(stdout) as Array<{ name: string; files: Array<{ path: string }> }>
    expect(packed?.name).toBe('nettoolbox-cli')
    expect(packed?.files.map((f) => f.path).sort()).toEqual(['dist/nettoolbox.js', 'package.json'])
  })

  it('the bundle runs alone: validates with the tools schemas and talks to a server', async () => {
    const [bad, phone] = await Promise.all([
      runCli(['dns', 'not a domain'], { command: [process.execPath, bundle] }),
      runCli(['--server', server.url, 'phone', '+1 212 555 0123'], { command: [process.execPath, bundle] }),
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('nettoolbox dns: Invalid domain format\n')
    expect(phone.code).toBe(0)
    expect(phone.stdout).toContain('Location: New York, NY, United States')
  })
})
